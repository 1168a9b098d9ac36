"""Stored widget state that is the same on every run: model ids given in the order the
notebook shows them.

ipywidgets names every model with a random ``uuid4``, and nbformat writes the stored state
sorted by name, so re-executing a notebook that changes nothing would still rename and
reorder every model (a diff of thousands of lines that hides any real change). A stored id
only ties an output to its model and models to each other, so :func:`make_deterministic`
renames them: the n-th model met when walking the outputs top to bottom (and each model's
references, depth first, keys sorted) gets an id made from the notebook's name and n.

Models that no output reaches (widgets made but never shown, or shown in an ``Output``
widget that was cleared since) are dropped: nothing on the page can draw them, and they
have no place in that order.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
REFERENCE = "IPY_MODEL_"
#: Namespace of the course's model ids (uuid5 of this and "<notebook name>#<n>").
ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "haba_lessons/widget-model")


def stored_models(notebook: dict[str, Any]) -> dict[str, Any]:
    """The stored widget models of ``notebook`` by model id (empty if it stores none)."""
    widgets = notebook.get("metadata", {}).get("widgets") or {}
    return (widgets.get(WIDGET_STATE) or {}).get("state") or {}


def shown_model_ids(notebook: dict[str, Any]) -> list[str]:
    """The model id of every widget output of ``notebook``, top to bottom."""
    return [model_id for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"
            for model_id in _references(cell.get("outputs", []))]


def _references(value: Any) -> Iterator[str]:
    """Model ids that ``value`` refers to, in a fixed order: ``"IPY_MODEL_<id>"`` strings
    (one model's trait pointing at another) and widget outputs (in cells and inside the
    stored outputs of an ``Output`` widget)."""
    if isinstance(value, str):
        if value.startswith(REFERENCE):
            yield value[len(REFERENCE):]
    elif isinstance(value, list):
        for item in value:
            yield from _references(item)
    elif isinstance(value, dict):
        view = value.get(WIDGET_VIEW)
        if isinstance(view, dict) and isinstance(view.get("model_id"), str):
            yield view["model_id"]
        for key in sorted(value):
            if key != WIDGET_VIEW:
                yield from _references(value[key])


def reachable_order(notebook: dict[str, Any]) -> list[str]:
    """Stored model ids reached from the outputs, in the order they are first reached."""
    models = stored_models(notebook)
    order: list[str] = []
    seen: set[str] = set()
    stack = list(reversed(shown_model_ids(notebook)))
    while stack:
        model_id = stack.pop()
        if model_id in seen or model_id not in models:
            continue
        seen.add(model_id)
        order.append(model_id)
        stack.extend(reversed(list(_references(models[model_id].get("state", {})))))
    return order


def deterministic_id(notebook_name: str, index: int) -> str:
    """The id of the ``index``-th model of the notebook called ``notebook_name``."""
    return uuid.uuid5(ID_NAMESPACE, f"{notebook_name}#{index}").hex


def make_deterministic(notebook: dict[str, Any], notebook_name: str) -> dict[str, str]:
    """Rename the stored models of ``notebook`` in place (see the module's docstring).

    Returns the renaming, old id to new id; a notebook without stored widgets is left as it
    is and gives ``{}``.
    """
    models = stored_models(notebook)
    if not models:
        return {}
    renamed = {old: deterministic_id(notebook_name, index)
               for index, old in enumerate(reachable_order(notebook))}
    notebook["metadata"]["widgets"][WIDGET_STATE]["state"] = {
        renamed[old]: _rename(models[old], renamed) for old in renamed}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = _rename(cell.get("outputs", []), renamed)
    return renamed


def _rename(value: Any, renamed: dict[str, str]) -> Any:
    """A copy of ``value`` with every model reference renamed (same container types)."""
    if isinstance(value, str):
        if value.startswith(REFERENCE) and value[len(REFERENCE):] in renamed:
            return REFERENCE + renamed[value[len(REFERENCE):]]
        return value
    if isinstance(value, list):
        return [_rename(item, renamed) for item in value]
    if isinstance(value, dict):
        copy = type(value)((key, _rename(item, renamed)) for key, item in value.items())
        view = copy.get(WIDGET_VIEW)
        if isinstance(view, dict) and view.get("model_id") in renamed:
            view["model_id"] = renamed[view["model_id"]]
        return copy
    return value

"""What a notebook printed and drew, read from its stored outputs (for the value tests)."""

from __future__ import annotations

from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def printed(name: str) -> str:
    """Everything the notebook's code cells printed, in order, one string."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(output.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                     for output in cell.get("outputs", []) if output.get("output_type") == "stream")


def chart_texts(name: str) -> list[str]:
    """Every text mark of every stored chart (tree diagram labels, Venn counts, ...)."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            for mime, spec in output.get("data", {}).items():
                if mime.startswith("application/vnd.vegalite"):
                    for layer in spec.get("layer", [spec]):
                        found += [row["text"] for row in layer.get("data", {}).get("values", [])
                                  if "text" in row]
    return found


def tables(name: str) -> list[str]:
    """The plain-text form of every stored table (pandas DataFrame) output."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    return [output["data"]["text/plain"] for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.get("outputs", [])
            if "<table" in output.get("data", {}).get("text/html", "")]

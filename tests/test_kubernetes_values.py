"""deploy/kubernetes/values.yaml against Zero to JupyterHub's chart 4.4.0: every key is one the
chart documents (its ``values.schema.yaml``, from which the chart's configuration reference is
generated), checked as Helm checks it (the user's values merged into the chart's defaults,
then validated), and the setup is the class server's (login, image, shared folder, culling).

The schema and defaults are copied from jupyterhub/zero-to-jupyterhub-k8s at tag 4.4.0
(tests/data/z2jh-4.4.0, BSD-3-Clause). Nothing here talks to a cluster.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from haba_lessons.classlab.records import check_name
from haba_lessons.errors import DataFileError

REPO = Path(__file__).resolve().parents[1]
CHART = Path(__file__).resolve().parent / "data" / "z2jh-4.4.0"
VALUES = REPO / "deploy" / "kubernetes" / "values.yaml"


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def helm_merge(defaults: dict, values: dict) -> dict:
    """Helm's merge of user values into a chart's defaults: maps recursively, the rest
    replaced."""
    merged = copy.deepcopy(defaults)
    for key, value in values.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = helm_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@pytest.fixture(scope="module")
def schema() -> dict:
    return load(CHART / "values.schema.yaml")


@pytest.fixture(scope="module")
def values() -> dict:
    return load(VALUES)


def test_the_values_are_valid_for_the_chart(schema, values):
    jsonschema.Draft7Validator.check_schema(schema)
    merged = helm_merge(load(CHART / "values.yaml"), values)
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(merged), key=str)
    assert [f"{'.'.join(map(str, e.path))}: {e.message}" for e in errors] == []


@pytest.mark.parametrize("mistake", [
    {"singleuser": {"storage": {"extraVolumez": []}}},       # a misspelt key
    {"cull": {"timeout": "an hour"}},                         # a wrong type
    {"hub": {"extraConfig": ["not", "a", "map"]}},
])
def test_the_check_would_catch_a_mistake(schema, values, mistake):
    merged = helm_merge(load(CHART / "values.yaml"), helm_merge(values, mistake))
    assert list(jsonschema.Draft7Validator(schema).iter_errors(merged))


def test_the_login_is_the_class_servers(values):
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert config["Authenticator"]["allow_all"] is True
    assert "user_password" not in str(config)            # given at install, never committed
    for code in values["hub"]["extraConfig"].values():
        compile(code, "extraConfig", "exec")


def recorders_accept(name: str) -> bool:
    try:
        check_name(name, "group nickname")
    except DataFileError:
        return False
    return True


@pytest.mark.parametrize("name", ["owls", "Group 1", "лисы", "狐狸", "Füchse", "भालू", "a" * 20,
                                  "a" * 21, "", " ", "_owls", "-x", "ana@school.org",
                                  "a.b", "x/y", "tab\tname"])
def test_the_hub_accepts_exactly_the_nicknames_the_recorders_accept(values, name):
    from traitlets.config import Config

    namespace = {"c": Config()}                  # as the hub runs its extraConfig
    exec(values["hub"]["extraConfig"]["haba-nicknames"], namespace)
    assert namespace["is_nickname"](name) == recorders_accept(name)


def test_each_group_gets_the_course_and_the_shared_class_folder(values):
    user = values["singleuser"]
    assert user["defaultUrl"] == "/lab/tree/notebooks/00-welcome.ipynb"
    (volume,) = user["storage"]["extraVolumes"]
    (mount,) = user["storage"]["extraVolumeMounts"]
    assert mount["name"] == volume["name"]
    claim = load(REPO / "deploy" / "kubernetes" / "class-data-pvc.yaml")
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]      # every group writes to it
    command = " ".join(user["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert mount["mountPath"] in command and "prepare_group_folder" in command
    from haba_lessons.class_server import groups                  # the function it calls
    assert callable(groups.prepare_group_folder)
    repo_dir = re.search(r"Path\('(/srv/[^']+)'\), Path\('" + mount["mountPath"], command)
    assert repo_dir and repo_dir.group(1) in VALUES.read_text()   # built with that folder
    assert user["extraEnv"]["HABA_COURSE"] == repo_dir.group(1)   # where reset finds it


def test_idle_servers_are_culled(values):
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0

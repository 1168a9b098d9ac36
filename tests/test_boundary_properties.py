"""Property tests of the boundaries a person's input crosses (issue 16.3), seeded and bounded:
``check()`` under arbitrary Python values, every data loader under random structured input,
and the class-lab reader and pooler under random byte-level corruption of valid files."""

from __future__ import annotations

import importlib
import json
import math
import pkgutil
import tomllib
from fractions import Fraction
from importlib import resources

import numpy as np
import pandas as pd
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from haba_lessons import answer_keys
from haba_lessons.classlab import pool_files, read_class_file
from haba_lessons.classlab.records import make_record, header_lines
from haba_lessons.classlab.writer import _csv_line
from haba_lessons.data import _SCHEMAS
from haba_lessons.errors import HabaLessonsError
from haba_lessons.exercises import Verdict, check
from haba_lessons.games.meow_meow import load_settings
from haba_lessons.games.mouse_trap import load_board
from haba_lessons.games.quiet_as_a_mouse import load_layout
from haba_lessons.games.spookies import load_reward_table
from haba_lessons.games.spookies.board import load_data

#: Seeded (the same examples on every run) and bounded, so CI's time stays known.
BOUNDED = dict(deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
LONGEST_MESSAGE = 600

# --- check() under arbitrary Python values ---------------------------------------------------

EXERCISES = sorted(exercise for info in pkgutil.iter_modules(answer_keys.__path__)
                   for exercise in importlib.import_module(
                       f"haba_lessons.answer_keys.{info.name}").KEYS)


class Awkward:
    """A student's object whose comparisons, conversions and repr all fail."""

    def __eq__(self, other):
        raise RuntimeError("no ==")

    def __float__(self):
        raise RuntimeError("no float")

    def __repr__(self):
        raise RuntimeError("no repr")

    __hash__ = None


scalars = st.one_of(
    st.integers(min_value=-10 ** 500, max_value=10 ** 500),
    st.fractions(), st.builds(Fraction, st.integers(-10 ** 400, 10 ** 400),
                              st.integers(1, 10 ** 400)),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=50), st.binary(max_size=20),
    st.booleans(), st.none(), st.just(...), st.complex_numbers(allow_nan=True),
    st.builds(sympy.Rational, st.integers(-10 ** 30, 10 ** 30), st.integers(1, 10 ** 30)),
    st.just(sympy.oo), st.just(sympy.nan), st.just(sympy.Symbol("p")), st.builds(Awkward),
    hnp.from_dtype(np.dtype("int64")), hnp.from_dtype(np.dtype("float64")),
)
arrays = hnp.arrays(st.sampled_from([np.int64, np.float64, np.bool_]),
                    hnp.array_shapes(min_dims=0, max_dims=2, max_side=4))
values = st.recursive(st.one_of(scalars, arrays,
                                st.builds(lambda xs: pd.Series(xs, dtype=float),
                                          st.lists(st.floats(), max_size=4))),
                      lambda inner: st.one_of(st.lists(inner, max_size=3),
                                              st.dictionaries(st.text(max_size=3), inner,
                                                              max_size=2),
                                              st.tuples(inner, inner)),
                      max_leaves=6)
functions = values.map(lambda v: (lambda *args: v))      # a student function returning v
raising = st.just(lambda *args: 1 / 0)


@settings(max_examples=400, **BOUNDED)
@given(exercise=st.sampled_from(EXERCISES), answer=st.one_of(values, functions, raising))
def test_check_gives_a_short_verdict_for_any_value(exercise, answer):
    verdict = check(exercise, answer)
    assert isinstance(verdict, Verdict) and isinstance(verdict.ok, bool)
    assert len(str(verdict)) <= LONGEST_MESSAGE and "\n" not in verdict.message


# --- every data loader under random structured input -----------------------------------------

LOADERS = {"spookies": [load_data, load_reward_table], "quiet_as_a_mouse": [load_layout],
           "meow_meow": [load_settings], "mouse_trap": [load_board]}
WHOLE_FILE = ("not valid TOML", "[meta]", "unknown field", "nested", "not UTF-8")

toml_scalars = st.one_of(
    st.integers(-10 ** 60, 10 ** 60), st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(), st.text(max_size=40), st.text(max_size=5).map(lambda t: t * 3000),
    st.sampled_from(["3/4", "1e-100000000", "²", "--5", "1/0", "red", "rotate", "7" * 5000]))
toml_values = st.recursive(toml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=8), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=30)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(document: dict) -> str:
    lines = []
    for name, table in document.items():
        lines.append(f"[{json.dumps(name)}]" if isinstance(table, dict) else
                     f"{json.dumps(name)} = {toml_value(table)}")
        if isinstance(table, dict):
            lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def _nested_paths(value, path=()):
    yield path
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nested_paths(item, path + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _nested_paths(item, path + (key,))


@st.composite
def mutated_files(draw, game: str):
    """The package's own file with one part replaced, removed or added at random."""
    document = tomllib.loads(resources.files("haba_lessons.data").joinpath(
        f"{game}.toml").read_text("utf-8"))
    field = draw(st.sampled_from(sorted(set(document) - {"meta"})))
    kind = draw(st.sampled_from(["value", "value", "value", "key", "drop", "meta"]))
    if kind == "value":
        paths = list(_nested_paths(document[field]["value"]))
        path = draw(st.sampled_from(paths))
        replacement = draw(toml_values)
        if not path:
            document[field]["value"] = replacement
        else:
            holder = document[field]["value"]
            for step in path[:-1]:
                holder = holder[step]
            holder[path[-1]] = replacement
    elif kind == "key":
        document[field][draw(st.sampled_from(["provenance", "source", "extra"]))] = \
            draw(toml_values)
    elif kind == "drop":
        del document[field][draw(st.sampled_from(sorted(document[field])))]
    else:
        document["meta"]["game"] = draw(toml_values)
    return field, toml_document(document)


def _loader_property(game: str, tmp_path, drawn) -> None:
    field, text = drawn
    path = tmp_path / "teacher.toml"
    path.write_text(text, encoding="utf-8")
    schema = _SCHEMAS[game]
    for loader in LOADERS[game]:
        try:
            loader(path)
        except HabaLessonsError as error:
            message = str(error)
            assert len(message) <= LONGEST_MESSAGE, message[:300]
            assert str(path) in message
            assert any(f"'{name}'" in message for name in schema) or any(
                words in message for words in WHOLE_FILE), message


@settings(max_examples=150, **BOUNDED)
@given(drawn=mutated_files("spookies"))
def test_the_spookies_loaders_raise_only_bounded_messages_naming_the_field(tmp_path, drawn):
    _loader_property("spookies", tmp_path, drawn)


@settings(max_examples=150, **BOUNDED)
@given(drawn=mutated_files("quiet_as_a_mouse"))
def test_the_castle_loader_raises_only_bounded_messages_naming_the_field(tmp_path, drawn):
    _loader_property("quiet_as_a_mouse", tmp_path, drawn)


@settings(max_examples=150, **BOUNDED)
@given(drawn=mutated_files("meow_meow"))
def test_the_deck_loader_raises_only_bounded_messages_naming_the_field(tmp_path, drawn):
    _loader_property("meow_meow", tmp_path, drawn)


@settings(max_examples=150, **BOUNDED)
@given(drawn=mutated_files("mouse_trap"))
def test_the_board_loader_raises_only_bounded_messages_naming_the_field(tmp_path, drawn):
    _loader_property("mouse_trap", tmp_path, drawn)


# --- the class-lab reader and pooler under byte-level corruption ------------------------------

VALUES = {
    "spookies": ("roll", st.lists(st.integers(1, 6), min_size=2, max_size=4).map(
        lambda faces: " ".join(map(str, faces)))),
    "mouse_trap": ("die", st.integers(1, 6).map(str)),
    "meow_meow": ("first_could_play", st.sampled_from(["yes", "no"])),
}


@st.composite
def class_files(draw, group: str = "owls"):
    """(game, header bytes, [record line bytes], [records]) of a valid version 2 file."""
    game = draw(st.sampled_from(sorted(VALUES)))
    event, value = VALUES[game]
    records = [make_record(game, n, 1 + n // 5, str(draw(st.integers(1, 4))), event,
                           draw(value), "1")
               for n in range(1, draw(st.integers(1, 25)) + 1)]
    header = ("\n".join(header_lines(game, group)) + "\n").encode()
    return game, header, [_csv_line(r, 2).encode() for r in records], records


@st.composite
def corruptions(draw, body_length: int):
    """A few changes of bytes of the body: (position, bytes removed, bytes put there)."""
    changes = []
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, body_length))
        removed = draw(st.integers(0, min(3, body_length - position)))
        inserted = draw(st.binary(max_size=3) | st.sampled_from(
            [b'"', b"\n", b"\r", b",", b"\xef\xbb\xbf", b"\xff", b"\x00", b"\xe2\x80\xa8"])
            | st.sampled_from(b"0123456789").map(lambda d: bytes([d])))   # a digit changed
        span = range(position, position + max(removed, 1))
        if (removed or inserted) and not any(set(span) & set(range(at, at + max(r, 1)))
                                             for at, r, _ in changes):
            changes.append((position, removed, inserted))   # changes never overlap
    return changes


def corrupt(lines: list[bytes], changes) -> tuple[bytes, set[int]]:
    """The corrupted body and the indices of the record lines the changes touch."""
    body = b"".join(lines)
    starts, position = [], 0
    for line in lines:
        starts.append(position)
        position += len(line)
    touched: set[int] = set()
    for at, removed, inserted in changes:
        affected = range(at, at + removed) if removed else range(at, at + 1)
        for index, start in enumerate(starts):
            end = start + len(lines[index])           # one past its line end
            if any(start <= byte < end for byte in affected):
                touched.add(index)
                if any(byte == end - 1 for byte in affected) and removed:
                    touched.add(index + 1)            # its line end removed: merged onward
    for at, removed, inserted in sorted(changes, reverse=True):
        body = body[:at] + inserted + body[at + removed:]
    return body, touched


@settings(max_examples=400, **BOUNDED)
@given(data=st.data())
def test_the_reader_keeps_every_record_the_corruption_did_not_touch(data):
    game, header, lines, records = data.draw(class_files())
    changes = data.draw(corruptions(len(b"".join(lines))))
    body, touched = corrupt(lines, changes)
    found = read_class_file("owls.csv", header + body, game=game)
    kept = set(found.records)
    for index, record in enumerate(records):
        if index not in touched:
            assert record in kept, (index, record, changes)
    assert all(len(str(p)) <= LONGEST_MESSAGE for p in found.problems)


@settings(max_examples=200, **BOUNDED)
@given(data=st.data())
def test_the_pool_keeps_every_untouched_record_of_every_file(data):
    game, header, lines, records = data.draw(class_files())
    changes = data.draw(corruptions(len(b"".join(lines))))
    body, touched = corrupt(lines, changes)
    other_header = header.replace(b"# group: owls", b"# group: foxes")
    copy_changes = data.draw(corruptions(len(b"".join(lines))))
    copy_body, copy_touched = corrupt(lines, copy_changes)      # the group's file, twice
    anywhere = data.draw(st.binary(max_size=60))                # a file of junk
    pool = pool_files([("owls.csv", header + body), ("owls-copy.csv", header + copy_body),
                       ("foxes.csv", other_header + b"".join(lines)), ("junk.csv", anywhere)],
                      game)
    pooled = pool.records
    as_records = {(row.group.split(" (")[0], row.record, row.value)
                  for row in pooled.itertuples()}
    for index, record in enumerate(records):
        if index not in touched or index not in copy_touched:
            assert ("owls", record.record, record.value) in as_records
        assert ("foxes", record.record, record.value) in as_records
    assert all(len(str(p)) <= LONGEST_MESSAGE for p in pool.problems)


@settings(max_examples=200, **BOUNDED)
@given(data=st.data())
def test_any_bytes_at_all_give_problems_not_an_exception(data):
    game, header, lines, _ = data.draw(class_files())
    content = header + b"".join(lines)
    changes = data.draw(corruptions(len(content)))              # the header too
    for at, removed, inserted in sorted(changes, reverse=True):
        content = content[:at] + inserted + content[at + removed:]
    found = read_class_file("a.csv", content, game=game)
    assert found.records or found.problems
    assert all(len(str(p)) <= LONGEST_MESSAGE for p in found.problems)

"""Simulated classes and their true values: what a class's data *should* reveal.

A real class's dice, hands and traps are unknown; a simulated class is made from chosen true
values, so notebook 12 can end by revealing them and comparing them with what the class
inferred. The shipped example class (:mod:`.example`) has a fair die, the steadiness listed in
``example.STEADINESS`` and the board's trap reliability. :func:`make_simulated_class` makes
another class from any true values (a loaded die, a much steadier child, another ``r``) and
writes them beside its files in ``truth.toml``, which :func:`truth_of` reads back::

    truth = ClassTruth(die={6: Fraction(1, 3), **{f: Fraction(2, 15) for f in range(1, 6)}},
                       steadiness={"otters": (Fraction(19, 20), Fraction(1, 5))},
                       trap_reliability=Fraction(2, 5))
    make_simulated_class("class-b", truth, seed=7)
    truth_of("class-b") == truth                       # True
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..errors import DataFileError, InvalidArgumentError
from ..games.mouse_trap import default_board
from ..games.quiet_as_a_mouse import load_layout
from ..i18n import _
from ..simulation import make_rng, sample_outcome
from . import example
from .writer import ClassDataFile

TRUTH_FILE = "truth.toml"
FAIR_DIE = {face: Fraction(1, 6) for face in range(1, 7)}
ATTEMPTS_PER_SEAT = 20


@dataclass(frozen=True)
class ClassTruth:
    """The values a simulated class was made with (each one an assumption of the simulation)."""

    die: dict[int, Fraction] = field(default_factory=lambda: dict(FAIR_DIE))
    steadiness: dict[str, tuple[Fraction, Fraction]] = field(default_factory=dict)
    trap_reliability: Fraction = Fraction(3, 4)
    note: str = "a simulated class"

    def __post_init__(self) -> None:
        if sorted(self.die) != list(range(1, 7)) or sum(self.die.values()) != 1 \
                or any(p < 0 for p in self.die.values()):
            raise InvalidArgumentError(_("give the die as a chance for each face 1-6, adding "
                                         "up to 1, none negative."))
        for group, seats in self.steadiness.items():
            if len(seats) != 2 or not all(0 <= p <= 1 for p in seats):
                raise InvalidArgumentError(_("steadiness of {group}: give two chances from 0 "
                                             "to 1, one per seat.").format(group=repr(group)))
        if not 0 <= self.trap_reliability <= 1:
            raise InvalidArgumentError(_("the trap reliability r must be from 0 to 1."))

    @property
    def die_is_fair(self) -> bool:
        return self.die == FAIR_DIE


def example_truth() -> ClassTruth:
    """The true values of the shipped example class."""
    return ClassTruth(dict(FAIR_DIE), dict(example.STEADINESS),
                      Fraction(default_board().trap_reliability), example.NOTE)


def truth_of(folder: str | Path) -> ClassTruth | None:
    """The true values of a simulated class's folder, or None for a real class."""
    folder = Path(folder)
    if folder.resolve() == Path(example.FOLDER).resolve():
        return example_truth()
    path = folder / TRUTH_FILE
    if not path.is_file():
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
        return ClassTruth({int(f): Fraction(p) for f, p in data["die"].items()},
                          {g: (Fraction(a), Fraction(b)) for g, (a, b) in data["steadiness"].items()},
                          Fraction(data["trap_reliability"]), str(data["note"]))
    except (tomllib.TOMLDecodeError, AttributeError, KeyError, TypeError, ValueError,
            InvalidArgumentError) as error:
        raise DataFileError(_("{path}: not a truth file ({error}).").format(
            path=path, error=error)) from None


def _truth_text(truth: ClassTruth) -> str:
    def text(value: object) -> str:          # a TOML string (JSON's escaping is TOML's too)
        return json.dumps(str(value), ensure_ascii=False)

    lines = ["# The true values this SIMULATED class was made with "
             "(see haba_lessons.classlab.simulated).",
             f"note = {text(truth.note)}", f"trap_reliability = {text(truth.trap_reliability)}",
             "", "[die]"]
    lines += [f"{face} = {text(p)}" for face, p in sorted(truth.die.items())]
    lines += ["", "[steadiness]"]
    lines += [f"{text(group)} = [{text(a)}, {text(b)}]"
              for group, (a, b) in truth.steadiness.items()]
    return "\n".join(lines) + "\n"


def _spookies(file: ClassDataFile, rng: np.random.Generator, truth: ClassTruth) -> None:
    """Rolls of 2, 3 or 4 dice (3 twice as often), every face drawn from the true die."""
    faces = [(face, p) for face, p in sorted(truth.die.items())]
    for i in range(example.SPOOKIES_ROLLS):
        dice = int(rng.choice([2, 3, 3, 4]))
        rolled = [sample_outcome(faces, rng) for _ in range(dice)]
        file.append(1 + i // 10, str(i % 4 + 1), "roll", " ".join(map(str, rolled)))


def _quiet_as_a_mouse(file: ClassDataFile, rng: np.random.Generator, truth: ClassTruth) -> None:
    """Seats 1 and 2 take turns: a roll of the colour dice, then an attempt that is silent with
    the seat's true chance p and rings the bell otherwise (the model of notebook 04, q = 0)."""
    colours = load_layout().die_faces
    seats = truth.steadiness[file.group]
    for turn in range(2 * ATTEMPTS_PER_SEAT):
        seat = turn % 2
        roll = " ".join(colours[int(rng.integers(len(colours)))] for _ in range(2))
        file.append(1, str(seat + 1), "roll", roll)
        outcome = sample_outcome([("silent", seats[seat]), ("alarm", 1 - seats[seat])], rng)
        file.append(1, str(seat + 1), "attempt", outcome)


def _mouse_trap(file: ClassDataFile, rng: np.random.Generator, truth: ClassTruth) -> None:
    """Mice moving alone by a fair die until The Loop, then cranks with the true reliability."""
    board = default_board()
    chain = board.to_markov()
    for game in range(1, example.MOUSE_TRAP_GAMES + 1):
        for seat in range(1, 5):
            position = 0
            while position < board.loop_first:
                face = int(rng.integers(1, board.die_sides + 1))
                landing = chain.land(position, face)
                file.append(game, str(seat), "die", str(face))
                file.append(game, str(seat), "landed", str(landing))
                position = chain.rest(landing)
        crank = [("works", truth.trap_reliability), ("fails", 1 - truth.trap_reliability)]
        for i in range(2 * example.CRANKS_PER_GAME):
            file.append(game, str(i % 4 + 1), "crank", sample_outcome(crank, rng))


def make_simulated_class(folder: str | Path, truth: ClassTruth, seed: int) -> list[Path]:
    """Write a simulated class made from ``truth`` into ``folder`` (which must not hold class
    files yet), with its true values in ``truth.toml``; returns the paths written."""
    folder = Path(folder)
    if not truth.steadiness:
        raise InvalidArgumentError(_("give each group's steadiness: its nicknames are its "
                                     "keys."))
    if folder.is_dir() and any(folder.glob("*.csv")):
        raise InvalidArgumentError(_("{folder} already holds class files: choose an empty "
                                     "folder.").format(folder=folder))
    rng = make_rng(seed)
    note = f"SIMULATED class, not a real one: {truth.note} (seed {seed})"
    written = []
    makers = {"spookies": _spookies, "quiet_as_a_mouse": _quiet_as_a_mouse,
              "meow_meow": lambda file, rng, truth: example.meow_meow(file, rng),
              "mouse_trap": _mouse_trap}
    for game, make in makers.items():
        for group in truth.steadiness:
            file = ClassDataFile(folder, game, group, notes=(note,))
            make(file, rng, truth)
            written.append(file.path)
    (folder / TRUTH_FILE).write_text(_truth_text(truth), encoding="utf-8")
    return written + [folder / TRUTH_FILE]

"""The example class: SIMULATED data, so notebook 12 runs without a class.

    python -m haba_lessons.classlab.example [folder]    # default: the package's example_class

Four groups (nicknames only) "play" each game with the course's engines and a fixed seed;
every file says in its header that it is simulated. The assumed steadiness of the Quiet as
a Mouse seats is listed in :data:`STEADINESS` — an assumption of the example, not data.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..games.meow_meow.rules import make_rules, new_round
from ..games.meow_meow.simulate import play_out
from ..games.meow_meow.strategies import random_card
from ..games.mouse_trap.board import default_board
from ..games.quiet_as_a_mouse.rules import make_skills
from ..games.quiet_as_a_mouse.simulate import play_game
from ..i18n import N_
from ..simulation import make_rng, sample_outcome
from .recorders import _RecordingGame, next_starter
from .writer import ClassDataFile

SEED = 2015
GROUPS = ("owls", "foxes", "hares", "badgers")
FOLDER = Path(__file__).resolve().parent.parent / "data" / "example_class"
#: The note in every file of the example class (written in English; shown translated).
NOTE_TEXT = N_("SIMULATED example data, not a real class: made by python -m "
               "haba_lessons.classlab.example (seed {seed}) with the course's game engines")
NOTE = NOTE_TEXT.format(seed=SEED)
#: Assumed chance of a silent attempt for seats 1 and 2 of each group (an assumption).
STEADINESS = {"owls": (Fraction(4, 5), Fraction(1, 2)),
              "foxes": (Fraction(3, 5), Fraction(3, 5)),
              "hares": (Fraction(7, 10), Fraction(2, 5)),
              "badgers": (Fraction(1, 2), Fraction(4, 5))}
SPOOKIES_ROLLS = 30
QUIET_GAMES = 2
MEOW_DEALS = 8
MOUSE_TRAP_GAMES = 2
CRANKS_PER_GAME = 3


def spookies(file: ClassDataFile, rng: np.random.Generator) -> None:
    """Rolls of 2, 3 or 4 fair dice (3 twice as often), one seat after another."""
    for i in range(SPOOKIES_ROLLS):
        dice = int(rng.choice([2, 3, 3, 4]))
        faces = rng.integers(1, 7, size=dice)
        file.append(1 + i // 10, str(i % 4 + 1), "roll", " ".join(str(f) for f in faces))


class _Collector:
    """Stands in for the recording widget: the engine reports each roll and attempt here."""

    def __init__(self, file: ClassDataFile) -> None:
        self.file, self.round = file, 1

    def _engine_did(self, before, player: int, event: str, value: str) -> None:
        self.file.append(self.round, str(player + 1), event, value)


def quiet_as_a_mouse(file: ClassDataFile, rng: np.random.Generator) -> None:
    """Whole two-player games played by the engine with the group's assumed steadiness (q = 0)."""
    collector = _Collector(file)
    skills = make_skills(2, p=list(STEADINESS[file.group]))
    for game_number in range(1, QUIET_GAMES + 1):
        collector.round = game_number
        game = _RecordingGame(2, skills)
        game.recorder = collector
        play_game(2, skills, rng, game=game)


def meow_meow(file: ClassDataFile, rng: np.random.Generator) -> None:
    """Rounds of a four-player race: who plays first (the start passes on as the data file
    says), could that child play at once, and who won the round?"""
    rules = make_rules(4)
    starter = 1
    for deal in range(1, MEOW_DEALS + 1):
        state = new_round(rules, rng, first_player=starter - 1)
        could = "yes" if state.playable_cards(starter - 1) else "no"
        file.append(deal, str(starter), "first_could_play", could, starter=str(starter))
        state = play_out(state, [random_card] * 4, rng)
        winner = None if state.winner is None else state.winner + 1
        if winner is not None:
            file.append(deal, str(winner), "round_won", "yes")
        starter = next_starter(rules.settings.round_starter, starter, winner, 4)


def mouse_trap(file: ClassDataFile, rng: np.random.Generator) -> None:
    """Four mice moving alone by the die until The Loop (the model of notebook 08), then cranks."""
    board = default_board()
    chain = board.to_markov()
    for game_number in range(1, MOUSE_TRAP_GAMES + 1):
        for seat in range(1, 5):
            position = 0
            while position < board.loop_first:
                face = int(rng.integers(1, board.die_sides + 1))
                landing = chain.land(position, face)
                file.append(game_number, str(seat), "die", str(face))
                file.append(game_number, str(seat), "landed", str(landing))
                position = chain.rest(landing)
        crank = [("works", board.trap_reliability), ("fails", 1 - board.trap_reliability)]
        for i in range(CRANKS_PER_GAME):
            file.append(game_number, str(i % 4 + 1), "crank", sample_outcome(crank, rng))


MAKERS = {"spookies": spookies, "quiet_as_a_mouse": quiet_as_a_mouse, "meow_meow": meow_meow,
          "mouse_trap": mouse_trap}


def make_example_class(folder: str | Path = FOLDER, seed: int = SEED) -> list[Path]:
    """Write the example class's files into ``folder`` (replacing them); returns the paths."""
    folder = Path(folder)
    rng = make_rng(seed)
    written = []
    for game, make in MAKERS.items():
        for group in GROUPS:
            file = ClassDataFile(folder, game, group, notes=(NOTE,))
            if file.path.exists():
                file.path.unlink()
                file = ClassDataFile(folder, game, group, notes=(NOTE,))
            make(file, rng)
            written.append(file.path)
    return written


if __name__ == "__main__":
    for path in make_example_class(*sys.argv[1:2]):
        print(path)

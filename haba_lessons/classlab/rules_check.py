"""What the recorders check against the games' rules, through each engine's public API
(``new_game``, ``position``, ``legal_actions``, ``apply``, ``chance_outcomes``), so a record
the rules make impossible is refused, with a message, before anything is written.

* every recorder: the number of seats is one the game is played with (its ``new_game``);
* Spookies: the dice counts offered are the engine's legal rolls, and a roll's faces one of
  the chance outcomes the engine lists for that many dice;
* Mouse Trap: a die face is one of the engine's die outcomes, and a landing is where the
  engine moves that seat's mouse from the space it stands on (each roll is recorded under
  the seat of the mouse it moves, a roll for another mouse paid with cheese too);
* Meow Meow: a round has one winner.

(The Quiet as a Mouse recorder plays the engine itself: every roll and attempt it records
is one the engine accepted.)
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from ..errors import HabaLessonsError, IllegalActionError
from ..games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from ..i18n import _
from .records import Record

ENGINES: dict[str, ModuleType] = {"spookies": spookies, "quiet_as_a_mouse": quiet_as_a_mouse,
                                  "meow_meow": meow_meow, "mouse_trap": mouse_trap}


def check_players(game: str, players: int) -> int:
    """``players`` if the game is played with that many (the engine's own rule, its error)."""
    ENGINES[game].new_game(players)
    return players


class SpookiesRolls:
    """The rolls a Spookies player may make, as the engine lists them."""

    def __init__(self, players: int) -> None:
        check_players("spookies", players)
        state = spookies.position(players, figures={}, stockpile=1, figure=spookies.new_game(
            players).rules.figures[0])                 # a player about to choose the dice
        self.outcomes: dict[int, set[tuple[int, ...]]] = {}
        for action in state.legal_actions():
            if getattr(action, "kind", None) == "roll":
                rolled = state.copy()
                rolled.apply(action)
                self.outcomes[action.value] = {tuple(o) for o, _ in rolled.chance_outcomes()}

    @property
    def dice_counts(self) -> list[int]:
        return sorted(self.outcomes)

    def check(self, faces: Sequence[int]) -> None:
        """Refuse a roll the rules do not allow (a dice count, or a face, that cannot be)."""
        counts = ", ".join(map(str, self.dice_counts))
        if len(faces) not in self.outcomes:
            raise IllegalActionError(_("a Spookies roll is of {counts} dice, not {n}.").format(
                counts=counts, n=len(faces)))
        if tuple(sorted(faces, reverse=True)) not in self.outcomes[len(faces)]:
            raise IllegalActionError(_("{faces} is not a roll of {n} dice.").format(
                faces=" ".join(map(str, faces)), n=len(faces)))


class MouseMoves:
    """Where each mouse of a Mouse Trap round stands, replayed through the engine from the
    round's records, to check a die face and a landing before they are written."""

    def __init__(self, players: int) -> None:
        start = mouse_trap.new_game(check_players("mouse_trap", players))
        self.players = players
        self.faces = {str(face) for face, _ in start.chance_outcomes()}
        self.start = start.positions[0]

    def check_die(self, face: str) -> None:
        if face not in self.faces:
            raise IllegalActionError(_("the die shows {faces}, not {face}.").format(
                faces=", ".join(sorted(self.faces)), face=face))

    def check_landing(self, records: Sequence[Record], round_: int, seat: int,
                      space: int) -> None:
        """Refuse a landing that does not follow this seat's last die from its mouse's space."""
        where, pending = self._replay([r for r in records if r.round == round_])
        face = pending.get(seat)
        if face is None:
            raise IllegalActionError(_("record the die that moved seat {seat}'s mouse first "
                                       "(press {button}), then where it landed.").format(
                seat=seat, button=repr(_("Rolled {n}").format(n="..."))))
        landing = self._move(where, seat, face)[0]
        if landing is not None and space != landing:
            raise IllegalActionError(_(
                "seat {seat}'s mouse stands on space {space}: a {face} lands on {landing}, "
                "not {given}. If another move of this mouse was not recorded, record it "
                "(under seat {seat}) first; Undo removes a wrong die.").format(
                seat=seat, space=where[seat - 1], face=face, landing=landing, given=space))

    def _replay(self, records: Sequence[Record]) -> tuple[list[int], dict[int, int]]:
        where, pending = [self.start] * self.players, {}
        for record in records:
            if not record.player.isdigit() or not 1 <= int(record.player) <= self.players:
                continue
            seat = int(record.player)
            if record.event == "die":
                pending[seat] = int(record.value)
            elif record.event == "landed" and seat in pending:
                _, rest = self._move(where, seat, pending.pop(seat))
                where[seat - 1] = rest if rest is not None else int(record.value)
        return where, pending

    def _move(self, where: list[int], seat: int, face: int) -> tuple[int | None, int | None]:
        """(where the engine's mouse lands, where it then stands), or (None, None) if the
        engine cannot set up this position (a round recorded before this check existed)."""
        try:
            state = mouse_trap.position(self.players, mice=where, cheese=[0] * self.players,
                                        current=seat - 1)
            landing = state.board.land(where[seat - 1], face)
            state.apply_chance(face)
        except HabaLessonsError:
            return None, None
        return landing, state.positions[seat - 1]


def check_one_winner(records: Sequence[Record], round_: int) -> None:
    """Refuse a second winner of a Meow Meow round."""
    won = [r for r in records if r.round == round_ and r.event == "round_won"]
    if won:
        raise IllegalActionError(_("round {round} already has its winner (seat {seat}): "
                                   "record the next deal first.").format(
            round=round_, seat=won[0].player))

"""Recording widgets: one click per thing that happens at the table, written at once.

    from haba_lessons.classlab.recorders import spookies_recorder
    spookies_recorder(group="owls")          # writes class-data/spookies-owls.csv

Every recorder has a group nickname box (changing it opens that group's file, continuing it
if it exists), an Undo button for the last entry, a line saying what was recorded last, and
a download link for the group's file. Buttons are real buttons: Tab moves between them and
Enter or Space presses one, so a group can record without a mouse. Messages are written in
the JupyterLab theme's colours, so they are readable in the dark theme too.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..errors import HabaLessonsError, IllegalActionError
from ..games.quiet_as_a_mouse.layout import Layout, load_layout
from ..games.quiet_as_a_mouse.rules import ROLL, SLID_OUT, Game
from ..games.quiet_as_a_mouse.widget import COMPANION_SKILL, CompanionPanel
from .records import Record
from .transfer import download_link
from .writer import ClassDataFile

DEFAULT_FOLDER = "class-data"
BIG = widgets.Layout(width="auto", height="44px")
TEXT = "color:var(--jp-ui-font-color1, inherit);font:15px var(--jp-ui-font-family, sans-serif)"
ERROR = "color:var(--jp-error-color1, #a50026);font:bold 15px var(--jp-ui-font-family, sans-serif)"


def _button(label: str, style: str = "", **kw) -> widgets.Button:
    return widgets.Button(description=label, button_style=style, layout=BIG,
                          tooltip=label, **kw)


class Recorder(widgets.VBox):
    """What every recorder shares: the group's file, Undo, the last-entry line, download."""

    game = ""
    title = ""

    def __init__(self, group: str, folder: str | Path, controls: list[widgets.Widget]) -> None:
        self.folder = Path(folder)
        self.file = ClassDataFile(self.folder, self.game, group)
        self.group_box = widgets.Text(value=self.file.group, description="Group nickname:",
                                      style={"description_width": "initial"},
                                      continuous_update=False)
        self.undo_button = _button("Undo last entry", "warning", icon="undo")
        self.status = widgets.HTML()
        self.download = widgets.HTML()
        self.group_box.observe(lambda _: self._act(self._switch_group), names="value")
        self.undo_button.on_click(lambda _: self._act(self._undo))
        title = widgets.HTML(f"<h3 style='margin:4px 0;{TEXT}'>{escape(self.title)} — "
                             f"recording real play</h3>")
        super().__init__([title, self.group_box, *controls,
                          widgets.HBox([self.undo_button]), self.status, self.download])
        self.add_class("haba-recorder")
        self._show("Ready: nothing recorded yet in this session." if not self.file.records
                   else f"Continuing {self.file.path.name}: {len(self.file.records)} records.")

    # --- shared actions -----------------------------------------------------------------------
    def _act(self, action) -> None:
        try:
            action()
        except HabaLessonsError as error:
            self._show(str(error), error=True)

    def _switch_group(self) -> None:
        self.file = ClassDataFile(self.folder, self.game, self.group_box.value)
        self._reset()
        self._show(f"Recording into {self.file.path.name} ({len(self.file.records)} records).")

    def _reset(self) -> None:
        """Forget anything half-entered (a recorder with such state overrides this)."""

    def _undo(self) -> None:
        removed = self.file.undo()
        self._show(f"Removed record {removed.record}: {describe(removed)}.")

    def record(self, round_: int, player: str, event: str, value: str) -> Record:
        """Write one record at once, and say so."""
        written = self.file.append(round_, player, event, value)
        self._show(f"Saved record {written.record}: {describe(written)}.")
        return written

    def _show(self, text: str, error: bool = False) -> None:
        self.status.value = f"<div style='{ERROR if error else TEXT}'>{escape(text)}</div>"
        self.download.value = download_link(self.file.path.name, self.file.text())


def describe(record: Record) -> str:
    """A record in words, for the status line."""
    extra = ""
    if record.event == "roll" and record.value[0].isdigit():
        faces = [int(f) for f in record.value.split()]
        extra = f" → best two = {sum(sorted(faces)[-2:])}"
    return (f"round {record.round}, player {record.player}, {record.event.replace('_', ' ')} "
            f"{record.value}{extra}")


def _seats(players: int) -> widgets.ToggleButtons:
    return widgets.ToggleButtons(options=[str(s) for s in range(1, players + 1)], value="1",
                                 description="Player (seat):",
                                 style={"description_width": "initial"})


class SpookiesRecorder(Recorder):
    """Choose how many dice, then click each die's face: the roll is saved at the last face."""

    game, title = "spookies", "Spookies"

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.seat = _seats(players)
        self.dice = widgets.ToggleButtons(options=["2", "3", "4"], value="3",
                                          description="Dice rolled:",
                                          style={"description_width": "initial"})
        self.face_buttons = [_button(str(f)) for f in range(1, 7)]
        for face, button in enumerate(self.face_buttons, start=1):
            button.on_click(lambda _, f=face: self._act(lambda: self.add_face(f)))
        self.next_round = _button("New game", icon="refresh")
        self.next_round.on_click(lambda _: self._act(self._new_game))
        self.faces: list[int] = []
        self.round = 1
        self.roll_line = widgets.HTML()
        super().__init__(group, folder, [self.seat, self.dice,
                                         widgets.HBox([widgets.Label("Faces:"),
                                                       *self.face_buttons]),
                                         self.roll_line, self.next_round])
        self.round = self.file.next_round
        self.dice.observe(lambda _: self._act(self._dice_changed), names="value")
        self._show_roll()

    def _dice_changed(self) -> None:
        """A new dice count mid-roll: the half-entered faces belonged to the old count; clear them."""
        if self.faces:
            cleared = " ".join(str(f) for f in self.faces)
            self.faces = []
            self._show(f"Dice rolled changed to {self.dice.value}: the faces entered so far "
                       f"({cleared}) were cleared; enter this roll's faces again.")
        self._show_roll()

    def add_face(self, face: int) -> None:
        """One die's face; the roll is written when every die has been entered."""
        self.faces.append(face)
        if len(self.faces) == int(self.dice.value):
            value = " ".join(str(f) for f in self.faces)
            self.faces = []
            self.record(self.round, self.seat.value, "roll", value)
        self._show_roll()

    def _new_game(self) -> None:
        self.round += 1
        self._reset()
        self._show(f"Game {self.round} started.")

    def _reset(self) -> None:
        self.faces = []
        self.round = max(self.round, self.file.next_round)
        self._show_roll()

    def _undo(self) -> None:
        if self.faces:
            self.faces.pop()
            self._show_roll()
            self._show("Removed the last face of the roll being entered.")
        else:
            super()._undo()

    def _show_roll(self) -> None:
        entered = " ".join(str(f) for f in self.faces) or "—"
        self.roll_line.value = (f"<div style='{TEXT}'>Game {self.round} · this roll: "
                                f"{entered} ({len(self.faces)} of {self.dice.value} dice)</div>")


class _RecordingGame(Game):
    """The Quiet as a Mouse engine, telling the recorder about each roll and attempt it
    accepts (every chance outcome, typed or drawn, passes through the engine's ``_happen``)."""

    recorder: QuietAsAMouseRecorder | None = None

    def _happen(self, outcome) -> None:
        player, phase = self.current, self.phase
        before = self.copy()
        super()._happen(outcome)
        if self.recorder is None:
            return
        if phase == ROLL:
            self.recorder._engine_did(before, player, "roll", f"{outcome[0]} {outcome[1]}")
        else:
            kind = outcome[0] if isinstance(outcome, tuple) else outcome
            self.recorder._engine_did(before, player, "attempt",
                                      SLID_OUT if kind == SLID_OUT else str(kind))

    def copy(self) -> _RecordingGame:
        """A copy of the game for undo, without the recorder (it is set again on restore)."""
        other = super().copy()
        other.recorder = None
        return other


class _RecordingCompanion(CompanionPanel):
    """The course's companion panel, playing a recording engine."""

    def __init__(self, players: int, layout: Layout, seed: int, recorder) -> None:
        self.recorder = recorder
        super().__init__(players, layout, seed)

    def _game(self, players: int) -> _RecordingGame:
        game = _RecordingGame(players, [COMPANION_SKILL] * players, self.castle_layout)
        game.recorder = self.recorder
        return game

    def _new_game(self) -> None:
        super()._new_game()
        self.recorder.round += 1


class QuietAsAMouseRecorder(Recorder):
    """The companion mode of Quiet as a Mouse, with every roll and attempt saved per seat.

    The dice are rolled on screen by the course's companion (seeded); the group presses
    Silent, Alarm! or A stick slid out after each attempt, as in notebook 04.
    """

    game, title = "quiet_as_a_mouse", "Quiet as a Mouse"

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 2, seed: int = 2015, layout: Layout | None = None) -> None:
        self.round = 1
        self.history: list[tuple[_RecordingGame, int]] = []  # (game before, its round)
        self.companion = _RecordingCompanion(players, layout or load_layout(), seed, self)
        super().__init__(group, folder, [self.companion])
        self.round = self.file.next_round

    def _engine_did(self, before: _RecordingGame, player: int, event: str, value: str) -> None:
        """The engine accepted a roll or an attempt: save it, or put the game back if not."""
        try:
            self.record(self.round, str(player + 1), event, value)
        except HabaLessonsError:
            self._restore(before)
            raise
        self.history.append((before, self.round))

    def _restore(self, game: _RecordingGame) -> None:
        game.recorder = self
        self.companion.game = game
        self.companion._render()

    def _undo(self) -> None:
        super()._undo()
        if self.history:
            game, self.round = self.history.pop()
            self._restore(game)

    def _reset(self) -> None:
        self.history = []
        self.round = max(self.round, self.file.next_round)


class MeowMeowRecorder(Recorder):
    """Each deal: could the first child play at once? Each round: who won?"""

    game, title = "meow_meow", "Cat & Co. Meow Meow"

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.round = 0
        self.could = _button("First child could play", "success", icon="check")
        self.could_not = _button("First child could not play", "danger", icon="times")
        self.winner_buttons = [_button(f"Seat {s} won", "info")
                               for s in range(1, players + 1)]
        self.could.on_click(lambda _: self._act(lambda: self.deal("yes")))
        self.could_not.on_click(lambda _: self._act(lambda: self.deal("no")))
        for seat, button in enumerate(self.winner_buttons, start=1):
            button.on_click(lambda _, s=seat: self._act(lambda: self.won(s)))
        help_text = widgets.HTML(f"<div style='{TEXT}'>After each deal: could the first child "
                                 f"play a card at once? (Each press starts a new deal.)</div>")
        super().__init__(group, folder, [help_text, widgets.HBox([self.could, self.could_not]),
                                         widgets.HBox(self.winner_buttons)])
        self.round = self.file.next_round if self.file.records else 0

    def deal(self, answer: str) -> None:
        self.round += 1
        try:
            self.record(self.round, "1", "first_could_play", answer)
        except HabaLessonsError:
            self.round -= 1
            raise

    def won(self, seat: int) -> None:
        if self.round == 0:
            raise IllegalActionError("record the deal first: could the first child play?")
        self.record(self.round, str(seat), "round_won", "yes")

    def _reset(self) -> None:
        self.round = self.file.next_round if self.file.records else 0

    def _undo(self) -> None:
        super()._undo()
        self._reset()


class MouseTrapRecorder(Recorder):
    """Die rolls, the space landed on, and each crank's outcome, per seat."""

    game, title = "mouse_trap", "Mouse Trap"

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.round = 1
        self.seat = _seats(players)
        self.die_buttons = [_button(f"Rolled {f}") for f in range(1, 7)]
        for face, button in enumerate(self.die_buttons, start=1):
            button.on_click(lambda _, f=face: self._act(
                lambda: self.record(self.round, self.seat.value, "die", str(f))))
        self.space = widgets.BoundedIntText(value=0, min=0, max=99, description="Space:",
                                            layout=widgets.Layout(width="160px"))
        self.landed_button = _button("Landed here", "info")
        self.landed_button.on_click(lambda _: self._act(
            lambda: self.record(self.round, self.seat.value, "landed", str(self.space.value))))
        self.works = _button("Crank: trap worked", "success")
        self.fails = _button("Crank: trap failed", "danger")
        self.works.on_click(lambda _: self._act(
            lambda: self.record(self.round, self.seat.value, "crank", "works")))
        self.fails.on_click(lambda _: self._act(
            lambda: self.record(self.round, self.seat.value, "crank", "fails")))
        self.next_round = _button("New game", icon="refresh")
        self.next_round.on_click(lambda _: self._act(self._new_game))
        super().__init__(group, folder, [
            self.seat, widgets.HBox(self.die_buttons),
            widgets.HBox([self.space, self.landed_button]),
            widgets.HBox([self.works, self.fails]), self.next_round])
        self.round = self.file.next_round

    def _new_game(self) -> None:
        self.round += 1
        self._show(f"Game {self.round} started.")

    def _reset(self) -> None:
        self.round = max(self.round, self.file.next_round)


def spookies_recorder(group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                      players: int = 4) -> SpookiesRecorder:
    """Record a group's Spookies rolls into ``folder``."""
    return SpookiesRecorder(group, folder, players)


def quiet_as_a_mouse_recorder(group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                              players: int = 2, seed: int = 2015) -> QuietAsAMouseRecorder:
    """Record a group's Quiet as a Mouse rolls and attempts into ``folder``."""
    return QuietAsAMouseRecorder(group, folder, players, seed)


def meow_meow_recorder(group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                       players: int = 4) -> MeowMeowRecorder:
    """Record a group's Meow Meow deals and round winners into ``folder``."""
    return MeowMeowRecorder(group, folder, players)


def mouse_trap_recorder(group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                        players: int = 4) -> MouseTrapRecorder:
    """Record a group's Mouse Trap rolls, landings and cranks into ``folder``."""
    return MouseTrapRecorder(group, folder, players)

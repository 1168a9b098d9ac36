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
from ..i18n import N_, _, ngettext, pgettext
from ..games.meow_meow.deck import default_settings
from ..games.quiet_as_a_mouse.layout import Layout, load_layout
from ..games.quiet_as_a_mouse.rules import ROLL, SLID_OUT, Game
from ..games.quiet_as_a_mouse.widget import COMPANION_SKILL, CompanionPanel
from ..games.quiet_as_a_mouse.words import colour_name
from ..widget_guard import guarded
from .records import COLOURS_JOINED, NAME_RULE, Record
from .rules_check import MouseMoves, SpookiesRolls, check_one_winner, check_players
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
        self.file: ClassDataFile | None = ClassDataFile(folder, self.game, group)
        self.folder = self.file.folder          # checked by the file: a folder's name or path
        self.group_box = widgets.Text(value=self.file.group, description=_("Group nickname:"),
                                      style={"description_width": "initial"},
                                      continuous_update=False)
        self.undo_button = _button(_("Undo last entry"), "warning", icon="undo")
        self.status = widgets.HTML()
        self.download = widgets.HTML()
        self.group_box.observe(lambda _: self._act(self._switch_group), names="value")
        self.undo_button.on_click(lambda _: self._act(self._undo))
        heading = _("{game} — recording real play").format(game=_(self.title))
        title = widgets.HTML(f"<h3 style='margin:4px 0;{TEXT}'>{escape(heading)}</h3>")
        super().__init__([title, self.group_box, *controls,
                          widgets.HBox([self.undo_button]), self.status, self.download])
        self.add_class("haba-recorder")
        self._show(_("Ready: nothing recorded yet in this session.") if not self.file.records
                   else _("Continuing {file}: {records}.").format(
                       file=self.file.path.name, records=_records(len(self.file.records))))

    # --- shared actions -----------------------------------------------------------------------
    @guarded
    def _act(self, action) -> None:
        """Run a button's or a box's action; a failure becomes the status line (widget_guard)."""
        action()

    def show_problem(self, message: str) -> None:
        self._show(message, error=True)

    def redraw(self) -> None:
        """Draw the parts that show state (a recorder with more of them extends this)."""
        self.download.value = self._download_link()

    def _switch_group(self) -> None:
        """Open the group's file; a refused nickname stops recording until a good one is typed,
        so nothing goes into the previous group's file."""
        self.file = None
        self.file = ClassDataFile(self.folder, self.game, self.group_box.value)
        self._reset()
        self._show(_("Recording into {file} ({records}).").format(
            file=self.file.path.name, records=_records(len(self.file.records))))

    def _open_file(self) -> ClassDataFile:
        """The group's file, or IllegalActionError while the nickname box holds a refused one."""
        if self.file is None:
            raise IllegalActionError(_("nothing was recorded: the group nickname {name} is not "
                                       "allowed, so recording stopped. Type an allowed nickname "
                                       "({rule}) and press Enter.").format(
                name=repr(self.group_box.value[:40]), rule=_(NAME_RULE)))
        return self.file

    def _reset(self) -> None:
        """Forget anything half-entered (a recorder with such state overrides this)."""

    def _undo(self) -> None:
        removed = self._open_file().undo()
        self._show(_("Removed record {n}: {record}.").format(n=removed.record,
                                                              record=describe(removed)))

    def record(self, round_: int, player: str, event: str, value: str,
               starter: str | None = None) -> Record:
        """Write one record at once, and say so (``starter``: see ClassDataFile.append)."""
        written = self._open_file().append(round_, player, event, value, starter)
        self._show(_("Saved record {n}: {record}.").format(n=written.record,
                                                            record=describe(written)))
        return written

    def _show(self, text: str, error: bool = False) -> None:
        self.status.value = f"<div style='{ERROR if error else TEXT}'>{escape(text)}</div>"
        self.download.value = self._download_link()

    def _download_link(self) -> str:
        if self.file is None:
            return download_link("", b"")
        return download_link(self.file.path.name, self.file.data())


def _records(count: int) -> str:
    """'1 record', '2 records'."""
    return ngettext("{n} record", "{n} records", count).format(n=count)


def _word(text: str) -> str:
    """An event or value of a record as the status line shows it, in the language in use
    (the files keep the English words; numbers are shown as written, a Quiet as a Mouse roll's
    two colours in the game's words)."""
    if COLOURS_JOINED in text:
        return COLOURS_JOINED.join(colour_name(colour) for colour in text.split(COLOURS_JOINED))
    words = {"roll": pgettext("record", "roll"), "attempt": pgettext("record", "attempt"),
             "first_could_play": pgettext("record", "first could play"),
             "round_won": pgettext("record", "round won"), "die": pgettext("record", "die"),
             "landed": pgettext("record", "landed"), "crank": pgettext("record", "crank"),
             "yes": pgettext("record", "yes"), "no": pgettext("record", "no"),
             "works": pgettext("record", "works"), "fails": pgettext("record", "fails"),
             "silent": pgettext("record", "silent"), "alarm": pgettext("record", "alarm"),
             "slid_out": pgettext("record", "slid out")}
    return words.get(text, text)


def describe(record: Record) -> str:
    """A record in words, for the status line."""
    extra = ""
    if record.event == "roll" and record.value[:1].isdigit():     # a Spookies roll
        faces = [int(f) for f in record.value.split()]
        extra = " → " + _("best two = {n}").format(n=sum(sorted(faces)[-2:]))
    return _("round {round}, player {player}, {event} {value}").format(
        round=record.round, player=record.player, event=_word(record.event),
        value=_word(record.value)) + extra


def _seats(players: int, description: str = N_("Player (seat):")) -> widgets.ToggleButtons:
    return widgets.ToggleButtons(options=[str(s) for s in range(1, players + 1)], value="1",
                                 description=_(description),
                                 style={"description_width": "initial"})


def next_starter(rule: str, starter: int, winner: int | None, players: int) -> int:
    """The seat (from 1) that plays first in the next Meow Meow round: the start passes
    clockwise (``rule`` "rotate") or goes to the round's winner ("winner"), as the game's data
    file says (``round_starter``); a round nobody won passes it clockwise."""
    return winner if rule == "winner" and winner is not None else starter % players + 1


class SpookiesRecorder(Recorder):
    """Choose how many dice, then click each die's face: the roll is saved at the last face."""

    game, title = "spookies", N_("Spookies")

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.rolls = SpookiesRolls(players)          # the engine's rolls, checked per roll
        self.seat = _seats(players)
        self.dice = widgets.ToggleButtons(options=[str(d) for d in self.rolls.dice_counts],
                                          value="3",
                                          description=_("Dice rolled:"),
                                          style={"description_width": "initial"})
        self.face_buttons = [_button(str(f)) for f in range(1, 7)]
        for face, button in enumerate(self.face_buttons, start=1):
            button.on_click(lambda _, f=face: self._act(lambda: self.add_face(f)))
        self.next_round = _button(_("New game"), icon="refresh")
        self.next_round.on_click(lambda _: self._act(self._new_game))
        self.faces: list[int] = []
        self.round = 1
        self.roll_line = widgets.HTML()
        super().__init__(group, folder, [self.seat, self.dice,
                                         widgets.HBox([widgets.Label(_("Faces:")),
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
            self._show(_("Dice rolled changed to {n}: the faces entered so far ({faces}) were "
                         "cleared; enter this roll's faces again.").format(n=self.dice.value,
                                                                           faces=cleared))
        self._show_roll()

    def add_face(self, face: int) -> None:
        """One die's face; the roll is written when every die has been entered."""
        self._open_file()
        self.faces.append(face)
        if len(self.faces) == int(self.dice.value):
            faces, self.faces = self.faces, []
            self.rolls.check(faces)
            self.record(self.round, self.seat.value, "roll", " ".join(map(str, faces)))
        self._show_roll()

    def _new_game(self) -> None:
        self._open_file()             # a refused nickname: refused before anything changes
        self.round += 1
        self._reset()
        self._show(_("Game {n} started.").format(n=self.round))

    def _reset(self) -> None:
        self.faces = []
        self.round = max(self.round, self.file.next_round)
        self._show_roll()

    def _undo(self) -> None:
        if self.faces:
            self.faces.pop()
            self._show_roll()
            self._show(_("Removed the last face of the roll being entered."))
        else:
            super()._undo()

    def redraw(self) -> None:
        super().redraw()
        self._show_roll()

    def _show_roll(self) -> None:
        entered = " ".join(str(f) for f in self.faces) or "—"
        line = _("Game {round} · this roll: {faces} ({n} of {dice} dice)").format(
            round=self.round, faces=entered, n=len(self.faces), dice=self.dice.value)
        self.roll_line.value = f"<div style='{TEXT}'>{line}</div>"


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
            self.recorder._engine_did(before, player, "roll", COLOURS_JOINED.join(outcome))
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
        self.recorder._open_file()    # a refused nickname: refused before anything changes
        super()._new_game()
        self.recorder.round += 1


class QuietAsAMouseRecorder(Recorder):
    """The companion mode of Quiet as a Mouse, with every roll and attempt saved per seat.

    The dice are rolled on screen by the course's companion (seeded); the group presses
    Silent, Alarm! or A stick slid out after each attempt, as in notebook 04.
    """

    game, title = "quiet_as_a_mouse", N_("Quiet as a Mouse")

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 2, seed: int = 2015, layout: Layout | None = None) -> None:
        self.round = 1
        check_players(self.game, players)
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

    def redraw(self) -> None:
        super().redraw()
        self.companion._render()

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
    """Each deal: who plays first, and could that child play at once? Each round: who won?

    The seat that plays first is chosen above the deal buttons; after each round it moves on
    as the game's data file says (``round_starter``: clockwise, or to the winner), and the
    group can always change it."""

    game, title = "meow_meow", N_("Cat & Co. Meow Meow")

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.round = 0
        self.players = check_players(self.game, players)
        self.rule = default_settings().round_starter
        self.starter = _seats(players, N_("Plays first (seat):"))
        self.could = _button(_("First child could play"), "success", icon="check")
        self.could_not = _button(_("First child could not play"), "danger", icon="times")
        self.winner_buttons = [_button(_("Seat {n} won").format(n=s), "info")
                               for s in range(1, players + 1)]
        self.could.on_click(lambda _: self._act(lambda: self.deal("yes")))
        self.could_not.on_click(lambda _: self._act(lambda: self.deal("no")))
        for seat, button in enumerate(self.winner_buttons, start=1):
            button.on_click(lambda _, s=seat: self._act(lambda: self.won(s)))
        help_line = _("After each deal: could the child who plays first play a card at once? "
                      "(Each press starts a new deal.)")
        help_text = widgets.HTML(f"<div style='{TEXT}'>{help_line}</div>")
        super().__init__(group, folder, [help_text, self.starter,
                                         widgets.HBox([self.could, self.could_not]),
                                         widgets.HBox(self.winner_buttons)])
        self._reset()

    def deal(self, answer: str) -> None:
        """A new deal: the first child (the seat chosen) could play at once, or not."""
        self.round += 1
        seat = self.starter.value
        try:
            self.record(self.round, seat, "first_could_play", answer, starter=seat)
        except HabaLessonsError:
            self.round -= 1
            raise

    def won(self, seat: int) -> None:
        """Seat ``seat`` won this round; the next round's first player is chosen for it."""
        if self.round == 0:
            raise IllegalActionError(_("record the deal first: could the first child play?"))
        check_one_winner(self._open_file().records, self.round)
        written = self.record(self.round, str(seat), "round_won", "yes")
        self.starter.value = str(next_starter(self.rule, int(written.starter), seat,
                                              self.players))

    def _reset(self) -> None:
        """Continue from the file: its last round, and who plays first next."""
        self.round = self.file.next_round if self.file.records else 0
        if not self.file.records or not self.file.records[-1].starter:
            return
        last = self.file.records[-1]
        won = [r for r in self.file.records if r.round == last.round and r.event == "round_won"]
        starter = int(last.starter)
        if won:
            starter = next_starter(self.rule, starter, int(won[-1].player), self.players)
        self.starter.value = str(starter) if starter <= self.players else "1"

    def _undo(self) -> None:
        super()._undo()
        self._reset()


class MouseTrapRecorder(Recorder):
    """Die rolls, the space landed on, and each crank's outcome, per seat."""

    game, title = "mouse_trap", N_("Mouse Trap")

    def __init__(self, group: str = "group 1", folder: str | Path = DEFAULT_FOLDER,
                 players: int = 4) -> None:
        self.round = 1
        self.moves = MouseMoves(players)             # the engine's die and its moves
        self.seat = _seats(players)
        self.die_buttons = [_button(_("Rolled {n}").format(n=f)) for f in range(1, 7)]
        for face, button in enumerate(self.die_buttons, start=1):
            button.on_click(lambda _, f=face: self._act(lambda: self.rolled(f)))
        self.space = widgets.BoundedIntText(value=0, min=0, max=99, description=_("Space:"),
                                            layout=widgets.Layout(width="160px"))
        self.landed_button = _button(_("Landed here"), "info")
        self.landed_button.on_click(lambda _: self._act(lambda: self.landed(self.space.value)))
        self.works = _button(_("Crank: trap worked"), "success")
        self.fails = _button(_("Crank: trap failed"), "danger")
        self.works.on_click(lambda _: self._act(
            lambda: self.record(self.round, self.seat.value, "crank", "works")))
        self.fails.on_click(lambda _: self._act(
            lambda: self.record(self.round, self.seat.value, "crank", "fails")))
        self.next_round = _button(_("New game"), icon="refresh")
        self.next_round.on_click(lambda _: self._act(self._new_game))
        super().__init__(group, folder, [
            self.seat, widgets.HBox(self.die_buttons),
            widgets.HBox([self.space, self.landed_button]),
            widgets.HBox([self.works, self.fails]), self.next_round])
        self.round = self.file.next_round

    def rolled(self, face: int) -> None:
        """The die showed ``face`` for the mouse of the seat chosen."""
        self.moves.check_die(str(face))
        self.record(self.round, self.seat.value, "die", str(face))

    def landed(self, space: int) -> None:
        """That mouse landed on ``space`` (checked: where the engine moves it)."""
        self.moves.check_landing(self._open_file().records, self.round, int(self.seat.value),
                                 int(space))
        self.record(self.round, self.seat.value, "landed", str(space))

    def _new_game(self) -> None:
        self._open_file()             # a refused nickname: refused before anything changes
        self.round += 1
        self._show(_("Game {n} started.").format(n=self.round))

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

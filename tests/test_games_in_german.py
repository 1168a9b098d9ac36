"""Spookies, Mouse Trap, Meow Meow and Quiet as a Mouse speak German: every text their widgets show, played through their
buttons for a few seeded turns, is German wherever the library's catalog has German.

The oracle is the translators' catalog (``haba_lessons.po``), not the widgets' code: an English
text of the catalog that has a German translation must not be visible in the German run, and
the English run shows the English the catalog starts from.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets as widgets
import numpy as np
import pytest

from haba_lessons import i18n
from haba_lessons.editions import catalogs
from haba_lessons.engine.state import show
from haba_lessons.games.meow_meow.strategies import STRATEGIES as MEOW_MEOW_BOTS
from haba_lessons.games.meow_meow.widget import meow_meow_table
from haba_lessons.games.mouse_trap import position
from haba_lessons.games.quiet_as_a_mouse import make_skills
from haba_lessons.games.quiet_as_a_mouse.rules import Game
from haba_lessons.games.quiet_as_a_mouse.simulate import play_game
from haba_lessons.games.quiet_as_a_mouse.widget import quiet_as_a_mouse_widget
from haba_lessons.games.mouse_trap.widget import mouse_trap_widget
from haba_lessons.games.spookies.rules import CHOOSE_DICE
from haba_lessons.games.spookies.widget import SpookiesTable

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "haba_lessons" / "locale" / "de" / "LC_MESSAGES" / "haba_lessons.po"


class _Text(HTMLParser):
    """The text content of an HTML value (SVG <text> and <title> included), not attributes,
    styles or scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.parts.append(data.strip())


def visible(widget) -> list[str]:
    """Every text a pupil can read in ``widget`` and its children."""
    found: list[str] = []
    if isinstance(widget, widgets.HTML):
        parser = _Text()
        parser.feed(widget.value)
        found += parser.parts
    if getattr(widget, "description", ""):
        found.append(widget.description)
    if isinstance(widget, (widgets.Dropdown, widgets.ToggleButtons)):
        found += list(widget._options_labels)
    for child in getattr(widget, "children", ()):
        found += visible(child)
    return found


def _pattern(message: str) -> re.Pattern | None:
    """A catalog message as a regular expression ({placeholders} match any text), bounded
    by word edges; None for a message with no word of its own to find."""
    pieces = re.split(r"(\{[^{}]*\})", message)
    literal = "".join(p for p in pieces if not p.startswith("{"))
    if len(re.sub(r"[^A-Za-z]", "", literal)) < 3:
        return None
    body = "".join(".+?" if p.startswith("{") else re.escape(p) for p in pieces)
    start = r"\b" if re.match(r"\w", message) else ""
    end = r"\b" if re.search(r"\w$", message) else ""
    return re.compile(start + body + end)


def without_bot_names(text: str) -> str:
    """``text`` without Meow Meow's bot names, which stay English in German as the glossary
    says ("colour keeper", explained as „Farbhüter“ in the lesson)."""
    for name in sorted(MEOW_MEOW_BOTS, key=len, reverse=True):
        text = text.replace(f"({name})", "")
    return text


def translated_english() -> dict[str, re.Pattern]:
    """Each English text of the catalog whose German differs from it, as a pattern; a text
    the catalog's German itself contains ("{k} die" in "... die zwei ...") cannot be told
    apart from German and is left out."""
    found, entries = {}, list(catalogs.read(LIBRARY))
    german_texts = "\n".join(s for e in entries if e.id
                              for s in ([e.string] if isinstance(e.string, str) else e.string))
    for entry in entries:
        if not entry.id or entry.fuzzy:
            continue
        ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        strings = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        if not all(strings):
            continue
        for english in ids:
            pattern = _pattern(english)
            if english not in strings and pattern and not pattern.search(german_texts):
                found[english] = pattern
    return found


def german(message: str) -> str:
    entry = catalogs.read(LIBRARY).get(message)
    assert entry is not None and entry.string and not entry.fuzzy, \
        f"the library's catalog has no German for {message!r}"
    return entry.string if isinstance(entry.string, str) else entry.string[0]


def play_spookies(turns: int = 12) -> list[str]:
    """Seen texts of a seeded Spookies game (a human, two bots, teaching mode) over
    ``turns`` clicks: the human takes the first free figure, rolls 3 dice, stops after a
    success."""
    table = SpookiesTable(["human", "optimal", "stop after 2"], seed=7, teaching=True)
    seen = visible(table.widget)
    for _ in range(turns):
        figures = [b for b in table.figure_buttons if not b.disabled]
        if figures:
            figures[0].click()
        elif not table.stop_button.disabled and table.game.successes:
            table.stop_button.click()
        else:
            table.dice_choice.value = 3
            table.roll_button.click()
        seen += visible(table.widget)
    return seen


def refused_spookies_stop() -> list[str]:
    """Seen texts after a refused click: stop before the turn's first roll."""
    table = SpookiesTable(["human", "optimal"], seed=7)
    while not [b for b in table.figure_buttons if not b.disabled] and \
            table.game.phase != CHOOSE_DICE:
        table.roll_button.click()
    if table.game.phase != CHOOSE_DICE:
        next(b for b in table.figure_buttons if not b.disabled).click()
    table._stop_clicked()              # the button is disabled; the click's handler refuses
    return visible(table.widget)


def play_mouse_trap(rolls: int = 6) -> list[str]:
    """Seen texts of a seeded Mouse Trap game (you and two bots) over ``rolls`` rolls, then
    at Turn Crank with the trap complete and a rival on the Cheese Wheel: spend a cheese to
    move the other rival, turn the crank, roll on."""
    w = mouse_trap_widget(players=3, humans=(0,), seed=5)
    seen = visible(w)
    for _ in range(rolls):
        w.roll_button.click()
        seen += visible(w)
    w.state = position(w.state.names, mice=[41, 44, 30], cheese=[3, 1, 0], parts=24,
                       reliability=w.state.reliability)
    w.state.apply_chance(1)            # your mouse lands from 41 on Turn Crank, Orange on
    w._render()                        # the Cheese Wheel
    seen += visible(w)
    w.move_choice.value = 2
    w.spend_button.click()
    seen += visible(w)
    w.crank_button.click()
    seen += visible(w)
    for _ in range(3):
        w.roll_button.click()
        seen += visible(w)
    return seen


def play_meow_meow(moves: int = 14) -> list[str]:
    """Seen texts of a seeded Meow Meow race (you and two bots, the "Meow!" variant) over
    ``moves`` clicks: play the first card that fits (a parrot names the first colour), else
    draw; keep a drawn card that fits; deal the next round when one is over."""
    table = meow_meow_table(players=3, bot="colour keeper", meow=True, seed=3)
    seen = visible(table.widget)
    for _ in range(moves):
        state = table.state
        if state.is_over:
            table.next_button.click()
        elif table.keep_button.layout.display is None:
            table.keep_button.click()
        else:
            fits = [c for c in state.hands[0] if state.can_play(c)]
            if fits:
                table.play(fits[0])
                if table.choosing is not None:
                    table.colour_buttons[0].click()
            else:
                table.draw_button.click()
        seen += visible(table.widget)
    return seen


def refused_meow_meow_card() -> list[str]:
    """Seen texts after a refused click: a card of your hand that does not fit."""
    table = meow_meow_table(players=3, seed=3)
    state = table.state
    table.play(next(c for c in state.hands[0] if not state.can_play(c)))
    return visible(table.widget)


def play_quiet_as_a_mouse(turns: int = 6) -> list[str]:
    """Seen texts of Quiet as a Mouse: the companion through ``turns`` seeded turns (roll,
    slide the stick in, then silent, alarm or a stick slid out in turn; a refused roll in the
    middle of a turn), then the simulator plays one game and 200."""
    w = quiet_as_a_mouse_widget(players=2, seed=11)
    c = w.companion
    seen = visible(w)
    outcomes = [c.silent_button, c.alarm_button, c.silent_button, c.slid_button]
    for turn in range(turns):
        c.roll_button.click()
        seen += visible(w)
        if not c.choose_button.disabled:
            c._act(c._roll)                          # refused: finish this turn first
            seen += visible(w)
            c.choose_button.click()
            button = outcomes[turn % len(outcomes)]
            (button if not button.disabled else c.silent_button).click()
        seen += visible(w)
    w.mode.value = "simulated"
    w.simulated.play_button.click()
    seen += visible(w)
    w.simulated.many_button.click()
    return seen + visible(w)


def quiet_game() -> Game:
    """A seeded Quiet as a Mouse game played to its end (in English)."""
    skills = make_skills(2, p=0.6, q=0.1)
    game = Game(2, skills)
    play_game(2, skills, np.random.default_rng(4), "most open", game=game)
    return game


GAMES = {"spookies": play_spookies, "mouse trap": play_mouse_trap,
         "meow meow": play_meow_meow, "quiet as a mouse": play_quiet_as_a_mouse}


@pytest.mark.parametrize("game", GAMES)
def test_no_english_of_the_catalog_is_left_in_the_german_game(game):
    with i18n.using("de"):
        seen = GAMES[game]()
    text = without_bot_names("\n".join(seen))
    left = sorted(english for english, pattern in translated_english().items()
                  if pattern.search(text))
    assert not left, f"English left in the German {game}: {left}"


def test_a_refused_click_is_german_too():
    with i18n.using("de"):
        seen = refused_spookies_stop()
        frame = german("{action} is not allowed: {why}; the choices now: {choices}.")
        listed = [german("roll {dice} dice").format(dice=dice) for dice in (2, 3, 4)]
    text = "\n".join(seen)
    assert german("you must roll at least once before you may stop: choose 2, 3 or 4 "
                  "dice") in text                    # the game's own reason is German
    stop = show(german("stop"))                      # the refused action, in the game's words
    assert frame.split("{why}")[0].format(action=stop) in text                    # the frame
    assert ", ".join(listed) in text                 # the choices, named in German
    left = sorted(english for english, pattern in translated_english().items()
                  if pattern.search(text))
    assert not left and "not allowed" not in text and "the choices now" not in text


def test_a_refused_card_is_german_too():
    with i18n.using("de"):
        text = "\n".join(refused_meow_meow_card())
    assert german("Not allowed: {reason}").split("{")[0] in text
    assert "passt nicht auf" in text                 # the game's own reason is German
    left = sorted(english for english, pattern in translated_english().items()
                  if pattern.search(without_bot_names(text)))
    assert not left and "not allowed" not in text and "the choices now" not in text


def test_a_refused_click_in_english_is_the_engines_english():
    text = "\n".join(refused_spookies_stop())
    assert ("'stop' is not allowed: you must roll at least once "
            "before you may stop: choose 2, 3 or 4 dice; the choices now: roll 2 dice, roll 3 "
            "dice, roll 4 dice.") in text


def test_the_german_games_show_the_catalogs_german():
    with i18n.using("de"):
        spookies, mouse_trap = "\n".join(play_spookies()), "\n".join(play_mouse_trap())
    assert german("What happened") in spookies
    assert german("Roll the friend die") in spookies or german("Choose a figure first") \
        in spookies
    assert german("expected chips") in spookies            # the teaching table
    assert german("Roll the die") in mouse_trap
    assert german("The game so far") in mouse_trap
    assert german("Blue") in mouse_trap


def test_the_english_games_show_the_english():
    spookies, mouse_trap = "\n".join(play_spookies()), "\n".join(play_mouse_trap())
    for english in ("What happened", "expected chips", "Spookies house", "Seat 1"):
        assert english in spookies
    for english in ("Roll the die", "The game so far", "Blue ● (you)", "Turn the crank"):
        assert english in mouse_trap
    assert i18n.language() == "en"


def test_meow_meow_and_quiet_as_a_mouse_show_the_catalogs_german():
    with i18n.using("de"):
        meow, quiet = "\n".join(play_meow_meow()), "\n".join(play_quiet_as_a_mouse())
    assert german("What happened since your last move") in meow
    assert german("Draw a card") in meow
    assert german("<b>The parrot names:</b>").removeprefix("<b>").removesuffix("</b>") in meow
    assert "Mau!" in meow                         # the rulebook's call (Katze & Co. Mau Mau)
    assert german("Roll the colour dice") in quiet
    assert german("Slide the stick in") in quiet
    assert "Käseschloss" in quiet and "Holzstab" in quiet        # the rulebook's words
    assert german("Quiet as a Mouse") == "Mucksmäuschenstill" and "Mucksmäuschenstill" in quiet


def test_the_rules_log_is_read_in_the_language_in_use():
    game = quiet_game()                          # played in English, read in both languages
    english = [str(event) for event in game.log]
    with i18n.using("de"):
        deutsch = [str(event) for event in game.log]
    assert english[0].startswith("Player 1 rolled ") and len(english) == len(deutsch) > 10
    assert all(line.startswith("Spieler ") for line in deutsch[:-1])
    assert deutsch[-1].startswith(german("Game over: {reason}.").split("{")[0])
    left = sorted(e for e, pattern in translated_english().items()
                  if pattern.search("\n".join(deutsch)))
    assert not left, f"English left in the German log: {left}"


def test_the_english_meow_meow_and_quiet_as_a_mouse_show_the_english():
    meow, quiet = "\n".join(play_meow_meow()), "\n".join(play_quiet_as_a_mouse())
    for english in ("What happened since your last move", "Draw a card", "Discard pile:",
                    "Kitten race", "Meow!"):
        assert english in meow
    for english in ("Quiet as a Mouse", "Roll the colour dice", "Slide the stick in",
                    "front wall", "Chance the next roll is blocked:", "200 games"):
        assert english in quiet
    assert i18n.language() == "en"


def test_a_finished_game_copied_or_pickled_keeps_its_english_and_reads_german():
    """The end reason and the winners are kept in English (code compares them) and written in
    the language in use; a copy of the state (the engine's, and pickle's) keeps both."""
    import copy
    import pickle

    game = quiet_game()
    for kept in (game.copy(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert kept.end_reason == game.end_reason
        assert [str(e) for e in kept.log] == [str(e) for e in game.log]
        with i18n.using("de"):
            assert f"{kept.end_reason}" == f"{game.end_reason}" != game.end_reason
            last = str(kept.log[-1])
            assert last == str(game.log[-1]) and last.startswith("Spiel vorbei: Spieler ")

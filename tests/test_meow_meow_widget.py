"""The Meow Meow widget, driven without a browser: clicks become engine actions."""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.meow_meow import DRAWN, Card, RoundState, position
from haba_lessons.games.meow_meow.widget import MeowMeowTable, meow_meow_table

C = Card


def rig(table: MeowMeowTable, hands, top, **kwargs) -> RoundState:
    """Replace the dealt round by a scripted one (you are child 1, it is your turn)."""
    table.state = position(rules=table.rules, hands=hands, top=top, **kwargs)
    table.log = []
    table._render()
    return table.state


def button_for(table: MeowMeowTable, card: Card):
    index = table.state.hands[0].index(card)
    return table.card_buttons[index]


def test_the_table_has_the_css_hooks_and_shows_the_game():
    table = meow_meow_table(players=3, bot="random card", seed=1)
    assert "haba-meow-meow" in table.widget._dom_classes
    assert "haba-roll" in table.draw_button._dom_classes
    assert "haba-dice" in table.table._dom_classes
    html = table.table.value
    for words in ("Discard pile", "Draw pile", "Direction", "Kitten race", "meadow", "basket",
                  "Child 2", "Child 3", "colour to follow"):
        assert words in html
    assert len(table.card_buttons) == len(table.state.hands[0])
    assert table.state.current == 0 or table.state.is_over


def test_cards_show_colour_as_a_word_and_a_symbol_and_fitting_cards_are_marked():
    table = meow_meow_table(players=2, seed=2)
    rig(table, [[C("red", "pig"), C("blue", "hen")], [C("green", "goat")]], C("red", "cow"))
    labels = [b.description for b in table.card_buttons]
    assert labels[0].startswith("✔ ● red pig") and "blue hen" in labels[1]
    assert not labels[1].startswith("✔") and "◆" in labels[1]


def test_an_illegal_card_is_refused_with_the_reason_and_nothing_changes():
    table = meow_meow_table(players=2, seed=3)
    state = rig(table, [[C("red", "pig"), C("blue", "hen")], [C("green", "goat")]],
                C("red", "cow"))
    before = state.snapshot()
    button_for(table, C("blue", "hen")).click()
    assert state.snapshot() == before
    assert "does not match" in table.message.value and "red" in table.message.value
    assert "Not allowed: The blue hen does not match the red cow" in table.message.value
    assert "is not allowed" not in table.message.value        # said once, not twice


def test_playing_a_card_lets_the_bots_play_and_logs_it():
    table = meow_meow_table(players=2, bot="random card", seed=4)
    rig(table, [[C("red", "pig"), C("blue", "hen")], [C("green", "goat"), C("green", "hen")]],
        C("red", "cow"))
    button_for(table, C("red", "pig")).click()
    assert table.state.top != C("red", "cow")
    assert "You played the red pig." in table.log
    assert any(line.startswith("Child 2") for line in table.log)
    assert table.state.current == 0 or table.state.is_over


def test_a_parrot_asks_for_a_colour_then_names_it():
    table = meow_meow_table(players=2, seed=5)
    rig(table, [[C("red", "parrot"), C("blue", "hen")], [C("green", "goat"), C("yellow", "hen")]],
        C("yellow", "cow"))
    assert table.colour_row.layout.display == "none"
    button_for(table, C("red", "parrot")).click()
    assert table.choosing == C("red", "parrot") and table.colour_row.layout.display is None
    assert len(table.state.hands[0]) == 2                  # nothing played yet
    blue = next(b for b in table.colour_buttons if "blue" in b.description)
    blue.click()
    assert "You played the red parrot, naming blue." in table.log


def test_a_colour_without_a_parrot_is_refused():
    table = meow_meow_table(players=2, seed=6)
    state = rig(table, [[C("red", "pig")], [C("green", "goat")]], C("red", "cow"))
    before = state.snapshot()
    table.colour_buttons[0].click()
    assert state.snapshot() == before and "Play a parrot first" in table.message.value


def test_the_draw_button_draws_and_a_fitting_drawn_card_can_be_kept():
    # Rulebook: a drawn card that can be played (on the red cow: any red card, any cow, or a
    # parrot) may be played at once, else it is kept and the turn passes. Seeds 7-26 draw
    # both kinds of card; each is checked against that rule, and both branches must occur.
    seen = set()
    for seed in range(7, 27):
        table = meow_meow_table(players=2, seed=seed)
        state = rig(table, [[C("blue", "hen")], [C("green", "goat"), C("green", "hen")]],
                    C("red", "cow"))
        table.draw_button.click()
        assert len(state.hands[0]) == 2 and state.card_count() == 52
        drawn = state.hands[0][-1]
        fits = drawn.colour == "red" or drawn.animal in ("cow", "parrot")
        assert table.log[0] == "You drew 1 card."
        assert (state.phase == DRAWN) == fits, drawn
        if fits:
            assert table.keep_button.layout.display is None
            table.keep_button.click()
            assert "You kept the drawn card." in table.log and drawn in state.hands[0]
        assert any(line.startswith("Child 2") for line in table.log)   # the turn passed
        seen.add(fits)
    assert seen == {True, False}


def test_a_pending_fox_is_shown_and_the_draw_button_takes_the_penalty():
    table = meow_meow_table(players=2, seed=8)
    rig(table, [[C("blue", "hen"), C("yellow", "duck")], [C("green", "goat")]],
        C("red", "fox"), pending=2)
    assert "Fox penalty waiting: draw 2 cards" in table.table.value
    assert table.draw_button.description == "Draw 2 cards (fox!)"
    table.draw_button.click()
    assert "You drew 2 cards." in table.log


def test_face_up_shows_the_bots_cards():
    table = meow_meow_table(players=2, face_up=True, seed=9)
    rig(table, [[C("blue", "hen")], [C("green", "goat")]], C("red", "cow"))
    assert "green goat" in table.table.value


def test_winning_a_round_moves_your_kitten_and_offers_the_next_round():
    table = meow_meow_table(players=2, seed=10)
    rig(table, [[C("red", "pig")], [C("green", "goat")]], C("red", "cow"))
    button_for(table, C("red", "pig")).click()
    assert table.race.kittens == [1, 0] and table.next_button.layout.display is None
    assert 'aria-label="kitten"' in table.table.value
    finished = table.state
    table.next_button.click()
    # A fresh deal of all 52 cards, 5 to each child; the bot (who starts round 2: the start
    # rotates) has played, and it is your turn with your 5 cards. The race keeps its score.
    fresh = table.state
    assert fresh is not finished and not fresh.is_over and fresh.card_count() == 52
    assert fresh.current == 0 and len(fresh.hands[0]) == 5
    assert table.race.kittens == [1, 0] and table.race.rounds == 1


def test_a_whole_race_can_be_played_by_clicking():
    table = meow_meow_table(players=3, bot="random card", seed=11)
    clicks = 0
    while table.race.winner is None and clicks < 3000:
        state = table.state
        if state.is_over:
            table.next_button.click()
        elif state.phase == DRAWN:
            table.keep_button.click()
        else:
            fitting = [c for c in state.hands[0] if state.can_play(c)]
            if fitting:
                table.play(fitting[0])
                if table.choosing is not None:
                    table.colour_buttons[0].click()
            else:
                table.draw_button.click()
        clicks += 1
    assert table.race.winner is not None and max(table.race.kittens) == 4
    assert "New race" == table.next_button.description
    table.next_button.click()
    assert table.race.kittens.count(0) >= 2


def test_bad_setup_is_refused_clearly():
    with pytest.raises(InvalidArgumentError, match="bot must be one of"):
        meow_meow_table(bot="cheater")
    with pytest.raises(InvalidArgumentError, match="players"):
        meow_meow_table(players=5)


def test_in_the_meow_variant_you_must_press_meow_or_draw_a_card():
    table = meow_meow_table(players=2, meow=True, seed=12)
    assert table.meow_toggle.layout.display is None
    state = rig(table, [[C("red", "pig"), C("red", "hen"), C("blue", "duck")],
                        [C("green", "goat"), C("green", "hen")]], C("red", "cow"))
    button_for(table, C("red", "pig")).click()            # two cards left: no call needed
    assert state.forgotten_calls == 0
    state = rig(table, [[C("red", "pig"), C("red", "hen")],
                        [C("green", "goat"), C("green", "hen")]], C("red", "cow"))
    button_for(table, C("red", "pig")).click()            # one card left, Meow! not pressed
    assert state.forgotten_calls == 1 and "You forgot to call Meow and drew a card." in table.log
    state = rig(table, [[C("red", "pig")], [C("green", "goat")]], C("red", "cow"))
    table.meow_toggle.value = True
    button_for(table, C("red", "pig")).click()            # Meow-Meow! called: round won
    assert state.is_over and state.winner == 0 and table.meow_toggle.value is False


def test_the_app_factory_returns_the_root_widget_with_its_controller():
    from haba_lessons.games.meow_meow.widget import meow_meow_widget
    root = meow_meow_widget()
    assert "haba-meow-meow" in root._dom_classes
    table = root.meow_meow_table
    before = table.table.value
    assert table.state.current == 0 and not table.draw_button.disabled  # you start round 1
    table.draw_button.click()                 # what the browser test does with .haba-roll
    assert table.table.value != before


# ---- issue 18: true colours, the last move apart, controls that cannot act, guarded -----

def test_red_cards_are_drawn_red_not_orange():
    import colorsys

    from haba_lessons.colours import contrast
    from haba_lessons.games.meow_meow.widget import COLOUR_LOOK

    def hue(colour: str) -> float:
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return colorsys.rgb_to_hsv(r, g, b)[0] * 360

    fill, ink, _ = COLOUR_LOOK["red"]
    # Red is hue 0; orange starts near 20-30 degrees (the old fill #D55E00 sat at 22).
    assert hue(fill) < 8 or hue(fill) > 352, (fill, hue(fill))
    assert hue("#D55E00") > 20                       # the check tells the two apart
    assert contrast(fill, ink) >= 4.5                # its words still read (WCAG AA)


def test_fitting_cards_wear_the_ring_class_and_the_others_do_not():
    from haba_lessons.games.meow_meow.widget import STYLE

    table = meow_meow_table(players=2, seed=2)
    rig(table, [[C("red", "pig"), C("blue", "hen")], [C("green", "goat")]], C("red", "cow"))
    fits, other = table.card_buttons
    assert "haba-fits" in fits._dom_classes and "haba-fits" not in other._dom_classes
    ring = STYLE[STYLE.index(".haba-fits {"):].split("}")[0]
    assert "#000" in ring and "#FFFFFF" in ring      # black and white: one shows on any page


def test_the_last_move_box_shows_what_happened_since_your_move_and_is_replaced():
    table = meow_meow_table(players=2, bot="random card", seed=4)
    rig(table, [[C("red", "pig"), C("blue", "hen"), C("red", "hen")],
                [C("green", "goat"), C("green", "hen"), C("green", "duck")]], C("red", "cow"))
    table.latest = []
    button_for(table, C("red", "pig")).click()
    first = table.last_move.value
    assert "You played the red pig." in first and "Child 2" in first
    assert "haba-last-move" in table.last_move._dom_classes
    assert "You played" not in table.table.value         # not mixed into the board
    state = table.state
    if not state.is_over and state.current == 0:
        table.draw_button.click()
        assert "You played the red pig." not in table.last_move.value
        assert "You drew" in table.last_move.value


def test_a_control_that_cannot_act_is_disabled_and_a_click_gives_a_reason():
    table = meow_meow_table(players=2, seed=3)
    state = rig(table, [[C("blue", "hen")], [C("green", "goat")]], C("red", "cow"))
    assert table.keep_button.layout.display == "none"
    before = state.snapshot()
    table.keep_button.click()                   # what a stale click would do
    assert state.snapshot() == before and "Nothing to keep" in table.message.value
    finished = rig(table, [[C("red", "pig")], [C("green", "goat")]], C("red", "cow"))
    button_for(table, C("red", "pig")).click()
    assert finished.is_over and table.draw_button.disabled
    assert all(b.disabled for b in table.card_buttons)
    table.draw_button.click()
    assert "The round is over" in table.message.value


def test_one_card_left_is_said_in_the_singular():
    table = meow_meow_table(players=2, seed=9)
    rig(table, [[C("blue", "hen")], [C("green", "goat")]], C("red", "cow"))
    assert "1 card " in table.table.value and "1 cards" not in table.table.value


def test_a_failing_bot_becomes_a_message_and_the_table_still_shows_the_engine(monkeypatch):
    from haba_lessons.games.meow_meow import widget as module

    table = meow_meow_table(players=2, seed=5)
    rig(table, [[C("red", "pig"), C("blue", "hen")], [C("green", "goat"), C("yellow", "hen")]],
        C("red", "cow"))

    def broken(state, rng):
        raise RuntimeError("the bot fell over")

    monkeypatch.setattr(module, "STRATEGIES", {table.bot_name: broken})
    button_for(table, C("red", "pig")).click()          # raises inside the bot: no traceback
    assert "Something went wrong inside the course" in table.message.value
    assert "the bot fell over" in table.message.value and "RuntimeError" in table.last_failure
    state = table.state
    assert state.top == C("red", "pig")                 # your card was played ...
    assert [b.description.lstrip("✔ ") for b in table.card_buttons] == \
        [module.card_label(c) for c in state.hands[0]]  # ... and the hand shown is the engine's
    assert "You played the red pig." in table.last_move.value

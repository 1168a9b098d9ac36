"""Readable ink on every colour the widgets use, the CSS short form #RGB included (issue 16:
the Spookies widget's redraw raised on the friend die's grey "?" face, #777)."""

from __future__ import annotations

import pytest

from haba_lessons.colours import contrast, ink_on, relative_luminance, rgb
from haba_lessons.errors import InvalidArgumentError


def test_the_short_form_is_the_long_form_with_each_digit_doubled():
    assert rgb("#777") == rgb("#777777") == (0x77, 0x77, 0x77)
    assert rgb("#0aF") == (0x00, 0xAA, 0xFF)
    assert ink_on("#777") == ink_on("#777777")          # raised ValueError before


@pytest.mark.parametrize("fill, ink", [("#000", "#FFFFFF"), ("#fff", "#000000"),
                                       ("#777", "#000000"), ("#0072B2", "#FFFFFF"),
                                       ("#E69F00", "#000000")])
def test_black_or_white_whichever_contrasts_more(fill, ink):
    assert ink_on(fill) == ink
    other = "#FFFFFF" if ink == "#000000" else "#000000"
    assert contrast(fill, ink) >= contrast(fill, other)


def test_published_wcag_values():
    # WCAG 2: white on black is 21:1; #777777 on white is 4.48:1 (a well-known near miss)
    assert contrast("#FFF", "#000") == pytest.approx(21)
    assert contrast("#777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert relative_luminance("#000") == 0 and relative_luminance("#fff") == 1


@pytest.mark.parametrize("bad", ["777", "#77", "#7777", "#GGGGGG", "red", "", None, 0x777])
def test_anything_else_is_refused_with_a_message(bad):
    with pytest.raises(InvalidArgumentError, match="not a hex colour"):
        ink_on(bad)


def test_the_spookies_friend_die_shows_its_question_mark_face():
    from haba_lessons.games.spookies import new_game
    from haba_lessons.games.spookies.widget import friend_die_html
    game = new_game(2, seed=1)
    game.apply_chance("?")                              # the free-choice face, 1 turn in 6
    html = friend_die_html(game)
    assert "? (free choice)" in html and "color:#000000" in html

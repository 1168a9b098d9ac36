"""The claims' sentences and Spookies' tables speak the language in use; their data does not.

The oracles are the catalog (the German a translator gave for a word must be what the table
shows) and the course's German conventions for numbers (``locale/README.md``: a decimal
comma, "95-%-Intervall"), written out by hand.
"""

from __future__ import annotations

from pathlib import Path

from haba_lessons import i18n
from haba_lessons.claims import Measured, against, compare, leader
from haba_lessons.editions import catalogs
from haba_lessons.games.spookies import Rules, analysis

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "haba_lessons" / "locale" / "de" / "LC_MESSAGES" / "haba_lessons.po"


def german(message: str) -> str:
    entry = catalogs.read(LIBRARY).get(message)
    assert entry is not None and entry.string, f"no German for {message!r}"
    return entry.string


SEAT = Measured("seat 1", 0.284, 0.266, 0.302)
OTHER = Measured("seat 2", 0.231, 0.214, 0.249)


def test_a_claim_writes_its_numbers_the_german_way():
    with i18n.using("de"):
        sentence = against(SEAT, 0.25, "1/4", "2500 Runden")
    assert "0,284 (95-%-Intervall 0,266 bis 0,302)" in sentence
    assert "1/4" in sentence and "0.2" not in sentence


def test_claims_in_english_are_the_sentences_the_lessons_print():
    with i18n.using("en"):
        assert against(SEAT, 0.25, "1/4", "2,500 rounds") == (
            "seat 1: 0.284 (95% interval 0.266 to 0.302), above 1/4: the whole interval lies "
            "above it.")
        assert compare(SEAT, OTHER, "2,500 rounds") == (
            "seat 1, 0.284 (95% interval 0.266 to 0.302), is above seat 2, 0.231 (95% interval "
            "0.214 to 0.249): the two intervals do not overlap.")
        close = Measured("seat 3", 0.27, 0.25, 0.29)
        assert leader([SEAT, close, OTHER], "2,500 rounds") == (
            "seat 1 comes first, 0.284 (95% interval 0.266 to 0.302); its interval overlaps "
            "that of seat 3, so 2,500 rounds cannot rank the two; it lies above that of "
            "seat 2.")


def test_the_policy_table_names_its_columns_and_choices_in_german():
    policy = analysis.solve_turn(Rules.standard())
    with i18n.using("de"):
        table = analysis.policy_table(policy)
    assert list(table.columns[:1]) == [german("space")]
    assert german("first roll") in table.columns and german("after a success") in table.columns
    roll_4 = german("roll {dice} dice").format(dice=4)
    assert table[german("first roll")].iloc[0] == roll_4
    assert table[german("space")].iloc[0] == german("start")
    with i18n.using("en"):
        english = analysis.policy_table(policy)
    assert english["first roll"].iloc[0] == "roll 4 dice"       # the data's values the same
    assert (english["≈"] == table["≈"]).all()


def test_the_reward_table_names_its_provenance_in_german():
    with i18n.using("de"):
        frame = analysis.reward_table_frame(Rules.standard())
    assert frame.index.name == german("reaching ({provenance})").format(
        provenance=german("assumption"))
    assert list(frame.columns) == [german("{dice} dice").format(dice=d) for d in (2, 3, 4)]

"""The Mouse Trap board as an SVG picture: spaces, mice, cheese and the trap's progress.

Used by the widget and by the notebooks. Every mouse is shown by its colour *and* a symbol
and name, so the picture works for colour-blind readers and on a projector. The output
depends only on the game state (no ids, no randomness), so notebooks stay reproducible.
"""

from __future__ import annotations

import math
from html import escape

from ...charts import OKABE_ITO
from ...colours import PAPER, ink_on
from .board import Board
from .rules import MouseTrapState

#: (colour word, symbol, colour) per seat.
MICE = (("Blue", "●", OKABE_ITO[0]), ("Orange", "■", OKABE_ITO[1]),
        ("Green", "▲", OKABE_ITO[2]), ("Pink", "◆", OKABE_ITO[3]))

FILLS = {"start": "#FFFFFF", "build": "#D6E9F5", "take": "#FFF2C2", "take_from_rival": "#F2D7E6",
         "lose": "#F7D9C9", "go_to": "#E6E6E6", "dog_bone": "#FFFFFF", "safe": "#CFEFE2",
         "turn_crank": "#FBE0BE", "cheese_wheel": "#FFE680"}

CELL_W, CELL_H, PER_ROW = 66, 58, 10
LOOP_CX, LOOP_CY, LOOP_R = 822, 175, 95


def mouse_names(players: int) -> tuple[str, ...]:
    """The names the widget and notebooks give the mice: colour word and symbol."""
    return tuple(f"{word} {symbol}" for word, symbol, _ in MICE[:players])


def _cell_centre(board: Board, number: int) -> tuple[float, float]:
    if board.in_loop(number):
        length = board.loop_last - board.loop_first + 1
        angle = math.pi + 2 * math.pi * (number - board.loop_first) / length
        return (LOOP_CX + LOOP_R * math.cos(angle), LOOP_CY + LOOP_R * math.sin(angle))
    row, column = divmod(number, PER_ROW)
    rows = math.ceil(board.loop_first / PER_ROW)
    if (rows - 1 - row) % 2:  # snake so that the last row runs towards the Loop
        column = PER_ROW - 1 - column
    return (20 + column * CELL_W + CELL_W / 2, 60 + row * (CELL_H + 14) + CELL_H / 2)


def board_svg(board: Board, state: MouseTrapState | None = None, *,
              names: tuple[str, ...] | None = None) -> str:
    """The board (and, given a state, the mice and the trap's progress) as an SVG string."""
    rows = math.ceil(board.loop_first / PER_ROW)
    height = max(80 + rows * (CELL_H + 14), LOOP_CY + LOOP_R + 60)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="960" height="{height}" '
             f'viewBox="0 0 960 {height}" font-family="sans-serif" role="img" '
             f'aria-label="Mouse Trap board, {escape(board.note)}" '
             f'style="background:{PAPER}">',
             f'<text x="20" y="24" font-size="17" font-weight="bold">Mouse Trap board — '
             f'{escape(board.note)}</text>',
             f'<text x="{LOOP_CX}" y="{LOOP_CY - LOOP_R - 38}" font-size="15" '
             f'text-anchor="middle" font-weight="bold">The Loop ({board.loop_first}-'
             f'{board.loop_last}, then round again)</text>']
    (x1, y1), (x2, y2) = (_cell_centre(board, board.loop_first - 1),
                          _cell_centre(board, board.loop_first))
    parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                 f'stroke="#555" stroke-width="3" stroke-dasharray="6 4"/>')
    for space in board.spaces:
        x, y = _cell_centre(board, space.number)
        w, h = CELL_W - 6, CELL_H - 6
        parts.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" '
                     f'rx="6" fill="{FILLS[space.kind]}" stroke="#555" stroke-width="1.2"/>')
        parts.append(f'<text x="{x - w / 2 + 4:.1f}" y="{y - h / 2 + 13:.1f}" font-size="11" '
                     f'fill="#333">{space.number}</text>')
        parts.append(f'<text x="{x:.1f}" y="{y - 2:.1f}" font-size="12" text-anchor="middle">'
                     f'<title>{space.number}: {escape(space.label)}</title>'
                     f'{escape(space.short_label)}</text>')
    if state is not None:
        parts += _mice(board, state, names or mouse_names(state.players))
        parts += _trap_bar(board, state, height)
    parts.append("</svg>")
    return "".join(parts)


def _mice(board: Board, state: MouseTrapState, names: tuple[str, ...]) -> list[str]:
    out, by_space = [], {}
    for seat in range(state.players):
        if not state.captured[seat]:
            by_space.setdefault(state.positions[seat], []).append(seat)
    for space, seats in sorted(by_space.items()):
        x, y = _cell_centre(board, space)
        for k, seat in enumerate(seats):
            mx, my = x - 22.5 + 15 * k, y + 15
            _, symbol, colour = MICE[seat]
            ring = ' stroke="#000" stroke-width="3"' if seat == state.current else \
                ' stroke="#fff" stroke-width="1.5"'
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="11" fill="{colour}"{ring}>'
                       f'<title>{escape(names[seat])}: {state.cheese[seat]} cheese</title>'
                       f'</circle><text x="{mx:.1f}" y="{my + 4:.1f}" font-size="12" '
                       f'text-anchor="middle" fill="{ink_on(colour)}">{symbol}</text>')
    return out


def _trap_bar(board: Board, state: MouseTrapState, height: float) -> list[str]:
    x, y, width = LOOP_CX - 110, LOOP_CY + LOOP_R + 50, 220
    filled = width * state.parts / board.trap_parts
    return [f'<rect x="{x}" y="{y}" width="{width}" height="16" fill="#fff" stroke="#333"/>',
            f'<rect x="{x}" y="{y}" width="{filled:.1f}" height="16" fill="{OKABE_ITO[2]}"/>',
            f'<text x="{LOOP_CX}" y="{y - 6}" font-size="14" text-anchor="middle">'
            f'Trap: {state.parts} parts built of {board.trap_parts}</text>']

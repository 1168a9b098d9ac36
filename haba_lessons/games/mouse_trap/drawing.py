"""The Mouse Trap board as an SVG picture: the winding path, the Loop, the mice, the cheese and
the trap's progress, with a legend.

Used by the widget and by the notebooks. Every space says what it does in words a child reads
("Take 2", "Back to 10", "Build"), with a small picture (a cheese wedge, an arrow, a brick);
every mouse is shown by its colour *and* a symbol and name, so the picture works for
colour-blind readers and on a projector. The picture has no fixed size: it scales to the width
it is given, its smallest text 20 units high (18 px whenever it is shown 1260 px wide or more).
The output depends only on the game state (no ids, no randomness), so notebooks stay
reproducible.
"""

from __future__ import annotations

import math
from html import escape

from ...charts import OKABE_ITO
from ...colours import PAPER, ink_on
from ...i18n import N_, _
from .board import Board, Space
from .rules import MouseTrapState

#: (colour word, symbol, colour) per seat.
MICE = ((N_("Blue"), "●", OKABE_ITO[0]), (N_("Orange"), "■", OKABE_ITO[1]),
        (N_("Green"), "▲", OKABE_ITO[2]), (N_("Pink"), "◆", OKABE_ITO[3]))

FILLS = {"start": "#FFFFFF", "build": "#D6E9F5", "take": "#FFF2C2", "take_from_rival": "#F2D7E6",
         "lose": "#F7D9C9", "go_to": "#E6E6E6", "dog_bone": "#FFFFFF", "safe": "#CFEFE2",
         "turn_crank": "#FBE0BE", "cheese_wheel": "#FFE680"}
CHEESE = "#F5C400"

#: What each kind of space does, for the legend (in the order the legend lists them).
LEGEND = (("build", N_("Build: add a part to the trap")),
          ("take", N_("Take: cheese from the pile")),
          ("take_from_rival", N_("Steal: cheese from the richest mouse")),
          ("lose", N_("Lose: cheese back to the pile")),
          ("go_to", N_("Arrow: go back or ahead")),
          ("dog_bone", N_("Bone: nothing happens")))

CELL_W, CELL_H, GAP, PER_ROW = 104, 100, 12, 8
TOP, LEFT = 56, 16
LOOP_R = 150


def mouse_names(players: int) -> tuple[str, ...]:
    """The names the widget and notebooks give the mice: colour word and symbol."""
    return tuple(f"{_(word)} {symbol}" for word, symbol, _colour in MICE[:players])


def _rows(board: Board) -> int:
    return math.ceil(board.loop_first / PER_ROW)


def _loop_centre(board: Board) -> tuple[float, float]:
    path_width = LEFT + PER_ROW * (CELL_W + GAP)
    rows = _rows(board)
    return path_width + LOOP_R + 70, TOP + rows * (CELL_H + GAP) / 2


def _cell_centre(board: Board, number: int) -> tuple[float, float]:
    if board.in_loop(number):
        cx, cy = _loop_centre(board)
        length = board.loop_last - board.loop_first + 1
        angle = math.pi + 2 * math.pi * (number - board.loop_first) / length
        return cx + LOOP_R * math.cos(angle), cy + LOOP_R * math.sin(angle)
    row, column = divmod(number, PER_ROW)
    if (_rows(board) - 1 - row) % 2:  # snake so that the last row runs towards the Loop
        column = PER_ROW - 1 - column
    return (LEFT + column * (CELL_W + GAP) + CELL_W / 2,
            TOP + row * (CELL_H + GAP) + CELL_H / 2)


def size(board: Board) -> tuple[int, int]:
    """The picture's width and height in its own units (it is drawn scaled to its box)."""
    cx, cy = _loop_centre(board)
    height = max(TOP + _rows(board) * (CELL_H + GAP), cy + LOOP_R + 150) + 120
    return int(cx + LOOP_R + 80), int(height)


def words(space: Space, players: int | None = None) -> tuple[str, ...]:
    """What a space says, in one or two short lines a child reads. With ``players`` given, a
    build space that does not count for that many players says nothing."""
    kind = space.kind
    if kind == "build":
        if players is None:
            return _("Build"), "/".join(map(str, space.players)) + " " + _("players")
        return (_("Build"),) if players in space.players else ()
    if kind == "take":
        return _("Take {n}").format(n=space.amount),
    if kind == "take_from_rival":
        return _("Steal {n}").format(n=space.amount),
    if kind == "lose":
        return _("Lose {n}").format(n=space.amount),
    if kind == "go_to":
        verb = _("Back to") if space.target < space.number else _("Ahead to")
        return verb, str(space.target)
    if kind == "cheese_wheel":
        return _("Cheese"), _("Wheel")
    return {"start": (_("Start"),), "dog_bone": (_("Bone"),), "safe": (_("Safe"),),
            "turn_crank": (_("Turn"), _("Crank"))}[kind]


def _icon(kind: str, x: float, y: float, back: bool = False) -> str:
    """A small picture of a kind of space, centred on (x, y)."""
    if kind in ("take", "take_from_rival", "lose", "cheese_wheel"):
        mark = {"take": "+", "take_from_rival": "+", "lose": "−", "cheese_wheel": "+"}[kind]
        return (f'<polygon points="{x - 14},{y + 8} {x + 14},{y + 8} {x + 14},{y - 8}" '
                f'fill="{CHEESE}" stroke="#8a6d00" stroke-width="1.5"/>'
                f'<text x="{x - 12}" y="{y + 3}" font-size="20" font-weight="bold">{mark}</text>')
    if kind == "build":
        return (f'<rect x="{x - 14}" y="{y - 8}" width="28" height="16" fill="#0072B2" '
                f'stroke="#003a5c"/><line x1="{x}" y1="{y - 8}" x2="{x}" y2="{y + 8}" '
                f'stroke="#fff" stroke-width="1.5"/>')
    if kind == "go_to":
        if back:
            return (f'<path d="M{x + 14},{y} h-22 m8,-8 l-8,8 l8,8" fill="none" '
                    f'stroke="#333" stroke-width="3"/>')
        return (f'<path d="M{x - 14},{y} h22 m-8,-8 l8,8 l-8,8" fill="none" stroke="#333" '
                f'stroke-width="3"/>')
    if kind == "dog_bone":
        return (f'<path d="M{x - 10},{y - 3} h20 v6 h-20 z" fill="#eee" stroke="#666"/>'
                f'<circle cx="{x - 12}" cy="{y - 4}" r="4" fill="#eee" stroke="#666"/>'
                f'<circle cx="{x - 12}" cy="{y + 4}" r="4" fill="#eee" stroke="#666"/>'
                f'<circle cx="{x + 12}" cy="{y - 4}" r="4" fill="#eee" stroke="#666"/>'
                f'<circle cx="{x + 12}" cy="{y + 4}" r="4" fill="#eee" stroke="#666"/>')
    return ""


def board_svg(board: Board, state: MouseTrapState | None = None, *,
              names: tuple[str, ...] | None = None) -> str:
    """The board (and, given a state, the mice and the trap's progress) as an SVG string."""
    width, height = size(board)
    players = state.players if state is not None else None
    cx, cy = _loop_centre(board)
    name, loop, round_ = _("Mouse Trap board"), _("The Loop"), _("round and round")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="100%" font-family="sans-serif" role="img" '
             f'aria-label="{escape(name)}, {escape(board.note)}" '
             f'style="background:{PAPER}">',
             f'<text x="{LEFT}" y="34" font-size="24" font-weight="bold">'
             f'{escape(name)} — {escape(board.note)}</text>',
             f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{LOOP_R}" fill="none" stroke="#999" '
             f'stroke-width="26" stroke-opacity="0.35"/>',
             f'<text x="{cx:.1f}" y="{cy - 8:.1f}" font-size="22" text-anchor="middle" '
             f'font-weight="bold">{escape(loop)}</text>',
             f'<text x="{cx:.1f}" y="{cy + 20:.1f}" font-size="20" text-anchor="middle">'
             f'{escape(round_)}</text>']
    parts += _path_line(board)
    for space in board.spaces:
        parts += _space(space, *_cell_centre(board, space.number), players)
    if state is not None:
        parts += _mice(board, state, names or mouse_names(state.players))
        parts += _trap_bar(board, state, cx, cy + LOOP_R + 70)
    parts += _legend(height - 100, width)
    parts.append("</svg>")
    return "".join(parts)


def _path_line(board: Board) -> list[str]:
    """The track the mice follow: a thick line through the spaces, into the Loop."""
    points = [_cell_centre(board, n) for n in range(board.loop_first + 1)]
    d = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
    return [f'<path d="{d}" fill="none" stroke="#c9b27c" stroke-width="34" '
            f'stroke-linejoin="round"/>']


def _space(space: Space, x: float, y: float, players: int | None) -> list[str]:
    w, h = CELL_W - 6, CELL_H - 6
    lines = words(space, players)
    plain = space.kind == "build" and not lines
    fill = "#FFFFFF" if plain else FILLS[space.kind]
    out = [f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="10" '
           f'fill="{fill}" stroke="#555" stroke-width="1.5"><title>{space.number}: '
           f'{escape(space.label)}</title></rect>',
           f'<text x="{x - w / 2 + 6:.1f}" y="{y - h / 2 + 20:.1f}" font-size="20" '
           f'fill="#444">{space.number}</text>']
    if not plain:
        back = space.kind == "go_to" and space.target < space.number
        out.append(_icon(space.kind, x + 26, y - h / 2 + 16, back))
    for k, line in enumerate(lines):
        font = 21 if k == 0 else 20
        out.append(f'<text x="{x:.1f}" y="{y + 6 + 22 * k:.1f}" font-size="{font}" '
                   f'text-anchor="middle" font-weight="{"bold" if k == 0 else "normal"}">'
                   f'{escape(line)}</text>')
    return out


def _mice(board: Board, state: MouseTrapState, names: tuple[str, ...]) -> list[str]:
    out, by_space = [], {}
    for seat in range(state.players):
        if not state.captured[seat]:
            by_space.setdefault(state.positions[seat], []).append(seat)
    for space, seats in sorted(by_space.items()):
        x, y = _cell_centre(board, space)
        for k, seat in enumerate(seats):
            mx, my = x - 33 + 22 * k, y + 32
            _word, symbol, colour = MICE[seat]
            cheese = _("{n} cheese").format(n=state.cheese[seat])
            ring = ' stroke="#000" stroke-width="3.5"' if seat == state.current else \
                ' stroke="#fff" stroke-width="2"'
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="13" fill="{colour}"{ring}>'
                       f'<title>{escape(names[seat])}: '
                       f'{escape(cheese)}</title>'
                       f'</circle><text x="{mx:.1f}" y="{my + 6:.1f}" font-size="20" '
                       f'text-anchor="middle" fill="{ink_on(colour)}">{symbol}</text>')
    return out


def _trap_bar(board: Board, state: MouseTrapState, cx: float, y: float) -> list[str]:
    x, width = cx - 150, 300
    filled = width * state.parts / board.trap_parts
    built = _("Trap: {built} of {parts} parts built").format(built=state.parts,
                                                           parts=board.trap_parts)
    return [f'<rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="24" fill="#fff" '
            f'stroke="#333" stroke-width="1.5"/>',
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{filled:.1f}" height="24" '
            f'fill="{OKABE_ITO[2]}"/>',
            f'<text x="{cx:.1f}" y="{y - 10:.1f}" font-size="20" text-anchor="middle" '
            f'font-weight="bold">{escape(built)}</text>']


def _legend(y: float, width: int) -> list[str]:
    """What the pictures on the spaces mean, in two rows under the board."""
    out = [f'<rect x="{LEFT}" y="{y - 6}" width="{width - 2 * LEFT}" height="96" fill="#fafafa" '
           f'stroke="#ccc"/>']
    column = (width - 2 * LEFT) / 3
    for k, (kind, text) in enumerate(LEGEND):
        row, col = divmod(k, 3)
        x, ty = LEFT + 12 + col * column, y + 30 + row * 42
        out.append(f'<rect x="{x:.1f}" y="{ty - 22:.1f}" width="44" height="30" rx="5" '
                   f'fill="{FILLS[kind]}" stroke="#555"/>{_icon(kind, x + 22, ty - 7)}'
                   f'<text x="{x + 54:.1f}" y="{ty:.1f}" font-size="20">{escape(_(text))}'
                   f'</text>')
    return out

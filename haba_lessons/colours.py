"""Readable colour pairs for the widgets, in JupyterLab's light and dark themes alike.

Text either takes the theme's own colours (CSS variables, with a light-theme fallback for
pages without them) or sits on a background it brings along; for a coloured background the
ink is black or white, whichever contrasts more (WCAG 2 relative luminance).
"""

from __future__ import annotations

import re

from ._checks import shown
from .errors import InvalidArgumentError

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")

#: Body text in the theme's colour (white-ish in the dark theme, near-black in the light one).
TEXT = "var(--jp-content-font-color1, #1f1f1f)"
#: A warning or an error: dark red on pale red, readable on any page background.
ALERT_STYLE = "color:#8A0016;background:#FDECEA;border-radius:4px;padding:2px 6px"
#: Drawings (houses, boards, castles) keep their light paper in the dark theme too.
PAPER = "#FFFFFF"


def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue (0-255) of ``#RRGGBB`` or the CSS short form ``#RGB``
    (``#777`` is ``#777777``), else InvalidArgumentError."""
    if not isinstance(colour, str) or not _HEX.fullmatch(colour):
        raise InvalidArgumentError(f"colour {shown(colour)} is not a hex colour: write "
                                   f"#RRGGBB or #RGB, like #0072B2 or #777.")
    digits = colour[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#RRGGBB`` or ``#RGB`` (0 black .. 1 white)."""
    channels = [c / 255 for c in rgb(colour)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two ``#RRGGBB`` or ``#RGB`` colours (1 .. 21)."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill: str) -> str:
    """Black or white text for a ``#RRGGBB`` or ``#RGB`` background, whichever contrasts
    more."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#FFFFFF") else "#FFFFFF"


#: Fills of the action buttons (Okabe-Ito), replacing ipywidgets' button styles, some of
#: which put white text on a light fill (3:1 or less) in one theme or the other.
ACTION_FILLS = {"primary": "#0072B2", "success": "#009E73", "danger": "#D55E00",
                "warning": "#E69F00", "info": "#56B4E9"}


def action_style(kind: str) -> dict[str, str]:
    """An ipywidgets ``Button`` style for an action of ``kind`` ('primary', 'success', ...)."""
    fill = ACTION_FILLS[kind]
    return {"button_color": fill, "text_color": ink_on(fill), "font_weight": "bold"}

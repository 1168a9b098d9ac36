"""A throwaway widget for testing the browser harness before the real games exist.

It follows the course's widget conventions (root class ``haba-<game>``, a ``haba-roll``
button and a ``haba-dice`` element) so the same checks run on it and on the games. It is a
test fixture only: it is not a game and is not shipped.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

FACES = "⚀⚁⚂⚃⚄⚅"


def demo_widget(seed: int = 7, *, broken: bool = False) -> widgets.VBox:
    """Two dice and a Roll button; ``broken=True`` gives a button that does nothing."""
    rng = np.random.default_rng(seed)
    dice = widgets.HTML("<p style='font-size:3em'>Press Roll</p>")
    dice.add_class("haba-dice")
    roll = widgets.Button(description="Roll", tooltip="Roll the two dice")
    roll.add_class("haba-roll")
    rolls = [0]

    def on_roll(_button: widgets.Button) -> None:
        rolls[0] += 1
        a, b = (int(v) for v in rng.integers(1, 7, size=2))
        dice.value = (f"<p style='font-size:3em'>Roll {rolls[0]}: {FACES[a - 1]} {FACES[b - 1]}"
                      f" ({a} + {b} = {a + b})</p>")

    if not broken:
        roll.on_click(on_roll)
    root = widgets.VBox([roll, dice])
    root.add_class("haba-demo")
    return root


def broken_demo_widget() -> widgets.VBox:
    """The demo widget with a Roll button that does nothing (for the harness's own tests)."""
    return demo_widget(broken=True)

"""Fast paths, declared: a second implementation of something the general engine does.

A *kernel* is a specialised or vectorized implementation written for speed (a whole round
in one loop, thousands of turns at once with numpy). It is registered here with its game,
the same computation through the general engine, and the cases to check it on; code that
wants the speed calls the kernel by name (:func:`kernel`), never because of a silent test
on its arguments. ``tests/test_kernels.py`` plays every registered kernel against the
general engine on the same random numbers and requires the same results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError


@dataclass(frozen=True)
class Kernel:
    """A fast implementation ``run(*args)`` and ``general(*args)``, the same computation
    through the general engine. ``cases()`` lists ``(label, make)``: ``make(seed)`` builds
    the arguments, random input included (a generator seeded with ``seed``, or an array of
    dice), so that two calls give two identical sets of arguments."""

    game: str
    name: str
    description: str
    run: Callable[..., Any]
    general: Callable[..., Any]
    cases: Callable[[], Iterable[tuple[str, Callable[[int], tuple]]]]


_KERNELS: dict[tuple[str, str], Kernel] = {}


def register(kernel: Kernel) -> Kernel:
    """Declare ``kernel`` (each game registers its kernels when its module is imported)."""
    _KERNELS[(kernel.game, kernel.name)] = kernel
    return kernel


def kernel(game: str, name: str) -> Kernel:
    """The registered kernel ``name`` of ``game``."""
    try:
        return _KERNELS[(game, name)]
    except KeyError:
        known = ", ".join(f"{g}: {n}" for g, n in _KERNELS) or "none"
        raise InvalidArgumentError(f"no kernel {name!r} for {game!r}; registered: "
                                   f"{known}.") from None


def kernels() -> list[Kernel]:
    """Every registered kernel."""
    return list(_KERNELS.values())


def same_results(a: Any, b: Any) -> bool:
    """Are two results equal, arrays element by element, dataclasses field by field?"""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and \
            a.shape == b.shape and bool(np.array_equal(a, b))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(
            same_results(getattr(a, f.name), getattr(b, f.name))
            for f in dataclasses.fields(a))
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and \
            all(same_results(x, y) for x, y in zip(a, b))
    return a == b

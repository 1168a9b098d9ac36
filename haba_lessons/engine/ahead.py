"""Numbers drawn ahead: a generator that gives exactly another's numbers, ``random()`` faster.

A call of numpy's ``Generator.random()`` costs about 0.4 µs, nearly all of it the call; a
study of Meow Meow asks for some 45 numbers a round, one at a time, and spent a fifth of its
time there. ``rng.random(256)`` gives the same numbers as 256 calls (each is the bit
generator's next double, for every bit generator numpy has) in a tenth of the time.

:class:`DrawnAhead` hands such a block out number by number. Whatever else is asked of it
(``integers``, ``choice``, its ``bit_generator``, a copy ...) first puts the shared bit
generator back where the numbers handed out leave it, and so does :meth:`DrawnAhead.close`,
which a study calls when its games are played (``with drawing_ahead(rng) as rng: ...``,
however the block ends): the caller's generator, and every number anyone gets, are exactly
those of one call at a time. It pays over many games (drawing a block and catching up at
the end cost several µs), for a game that declares it draws only with ``random()``
(``State.DRAWS_AHEAD``); should a bot mix in other calls, the first number thrown away stops
the drawing ahead, so a mixed stream costs one block, never more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError
from ..i18n import _

#: Numbers drawn at once (a Meow Meow round uses some 45).
BLOCK = 256

_Generator = np.random.Generator
_FLOAT64 = np.float64
_bits_of = _Generator.bit_generator.__get__
_one_at_a_time = _Generator.random
_NOTHING = iter(())


class DrawnAhead(_Generator):
    """The numbers of ``rng`` (sharing its bit generator), ``random()`` served from blocks.

    While it is open, draw only through it: a number drawn from ``rng`` itself while a block
    is out would be handed out again after the catching up, so catching up refuses it (a bot
    must draw with the generator it is given, not with one of its own).
    """

    __slots__ = ("_bits", "_left", "_block", "_before", "_after", "_ahead")

    def __init__(self, rng: np.random.Generator) -> None:
        if not isinstance(rng, np.random.Generator):
            raise InvalidArgumentError(_("rng must be a numpy random generator "
                                         "(make_rng(seed))."))
        super().__init__(rng.bit_generator)
        self._bits = _bits_of(self)
        self._left: Any = _NOTHING         # the block's numbers not handed out yet
        self._block = 0                    # the size of the block being handed out
        self._before: dict | None = None   # the bit generator's state before that block
        self._after: dict | None = None    # ... and after it (None: still being drawn)
        self._ahead = True                 # False once closed, or once a number was wasted

    def random(self, size: Any = None, dtype: Any = _FLOAT64, out: Any = None) -> Any:
        """As ``Generator.random``: the next number (or ``size`` of them) of the stream."""
        if size is None and dtype is _FLOAT64 and out is None:
            for number in self._left:
                return number
            if self._ahead:
                self._draw_block()
                return next(self._left)
        elif type(size) is int and size >= 0 and dtype is _FLOAT64 and out is None:
            taken = list(islice(self._left, size))
            if len(taken) < size:          # the block is used up: the rest one by one
                taken += _one_at_a_time(self, size - len(taken)).tolist()
            return np.array(taken)
        self._catch_up()
        return _one_at_a_time(self, size, dtype, out)

    def spawn(self, n_children: int) -> list[np.random.Generator]:
        """As ``Generator.spawn``: plain generators, independent of this one's stream."""
        return [_Generator(bits) for bits in self.bit_generator.spawn(n_children)]

    def close(self) -> None:
        """Put the bit generator where the numbers handed out leave it; draw no more ahead."""
        self._ahead = False
        self._catch_up()

    def __enter__(self) -> DrawnAhead:
        return self

    def __exit__(self, kind: object, *exception: object) -> None:
        try:
            self.close()
        except InvalidArgumentError:
            if kind is None:               # an error already on its way says more
                raise

    def _draw_block(self) -> None:
        # In this order, an interruption anywhere leaves _catch_up what it needs: a block
        # counts as handed out only once its numbers are in _left.
        self._left, self._block, self._after = _NOTHING, 0, None
        self._before = self._bits.state
        numbers = _one_at_a_time(self, BLOCK).tolist()
        self._after = self._bits.state
        self._left, self._block = iter(numbers), BLOCK

    def _catch_up(self) -> None:
        if self._before is None:
            return
        handed = self._block - self._left.__length_hint__()
        if handed == self._block and self._after is not None:
            self._before, self._left, self._block = None, _NOTHING, 0
            return                         # all handed out: the generator is where they leave it
        drawn_behind = (self._after is not None      # a block partly handed out, and the
                        and not _same_state(self._bits.state, self._after))   # generator moved
        self._bits.state, self._before = self._before, None
        self._left, self._block = _NOTHING, 0
        _one_at_a_time(self, handed)
        self._ahead = False                # another kind of call: stop drawing ahead
        if drawn_behind:
            raise InvalidArgumentError(_(
                "numbers were drawn from the generator itself while they were being drawn "
                "ahead for a study: a bot must draw with the rng it is given, "
                "bot(state, rng), not with a generator of its own."))

    @property
    def bit_generator(self) -> np.random.BitGenerator:
        self._catch_up()
        return self._bits

    _bit_generator = bit_generator


def _same_state(a: Any, b: Any) -> bool:
    """Are two ``bit_generator.state`` values equal (they may hold numpy arrays)?"""
    if isinstance(a, dict):
        return (isinstance(b, dict) and a.keys() == b.keys()
                and all(_same_state(a[k], b[k]) for k in a))
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and np.array_equal(a, b)
    return bool(a == b)


def _after_catching_up(name: str) -> Callable:
    method = getattr(_Generator, name)

    def caught_up(self: DrawnAhead, *args: Any, **kwargs: Any) -> Any:
        self._catch_up()
        return method(self, *args, **kwargs)
    caught_up.__name__ = caught_up.__qualname__ = name
    caught_up.__doc__ = method.__doc__
    return caught_up


for _name in [*(n for n in dir(_Generator) if not n.startswith("_")),
              "__getstate__", "__setstate__", "__reduce__"]:
    if _name not in ("random", "spawn", "bit_generator") and callable(getattr(_Generator, _name)):
        setattr(DrawnAhead, _name, _after_catching_up(_name))


@contextmanager
def drawing_ahead(rng: np.random.Generator) -> Iterator[np.random.Generator]:
    """``rng`` with its numbers drawn ahead for a run of games (``rng`` itself if it already
    is), caught up when the block ends, however it ends."""
    if isinstance(rng, DrawnAhead):
        yield rng
        return
    with DrawnAhead(rng) as ahead:
        yield ahead

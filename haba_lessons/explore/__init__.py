"""Live explorations for the notebooks: small widgets that recompute an exact answer on every change.

One module per exploration (``intervals``, ``best_two``, ...); each widget starts in a fixed
state so nbval compares its output exactly, and refuses an out-of-range value with a message.
"""

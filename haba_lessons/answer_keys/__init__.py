"""Answer keys for the notebooks' self-checks: one module per notebook, ``nbNN.py``.

Each holds ``KEYS = {"NN.k": key, ...}`` built with the key kinds of
``haba_lessons.exercises`` (``exact``, ``approx``, ``choice``, ``function``, ``holds``).
"""

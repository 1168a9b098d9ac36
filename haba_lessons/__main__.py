"""``python -m haba_lessons``: the ``haba-lessons`` command without its script on the PATH."""

from .cli import main

raise SystemExit(main())

"""``python -m haba_lessons.handouts SOURCE TARGET [--pdf]``."""

from . import main

raise SystemExit(main())

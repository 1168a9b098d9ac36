"""Editions of the course in other languages, made from the English source.

The English notebooks, lesson plans and worksheets stay the source of truth. Their words go
into gettext catalogs (one per document, ``<folder>/locale/<language>/<name>.po``), a
translator fills the catalogs, and a build writes each translated document beside its
source (``notebooks/de/``, ...). How a translator works: ``locale/README.md``.

Modules: :mod:`.markdown` (text cut into units, the parts a translation keeps),
:mod:`.code` (the strings a code cell shows, translated as the cell runs), :mod:`.catalogs`
(reading, updating and checking ``.po`` files), :mod:`.notebooks`, :mod:`.documents`
(lesson plans, worksheets), :mod:`.shipped` (what each edition ships), :mod:`.numbers`
(numbers in a text, for the same-numbers check).
"""

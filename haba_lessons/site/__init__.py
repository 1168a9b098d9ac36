"""The course as a website that works offline: ``haba-lessons site OUT``.

Every notebook of the catalog in teaching order with its stored outputs (widgets drawn from
their stored state, charts as their SVG pictures, formulas by MathJax), every lesson plan, the
handouts, the assumptions and the licence; navigation, search, and on each notebook's page a
download link and a Binder link. Every file a page loads is served by the site itself, so it
works from any static web host, a folder on a school server, or a USB stick.

    from haba_lessons.site import build_site
    build_site("build/site")                               # the English edition
    build_site("build/site-de", notebooks_folder="de/notebooks",
               plans_folder="de/lesson-plans", language="de")   # another edition

Modules: :mod:`.build` (the steps), :mod:`.notebooks` (checks and page copies),
:mod:`.pages` (the generated pages), :mod:`.texts` (each edition's words),
:mod:`.sphinx_config`, :mod:`.linkcheck`, :mod:`.slugs`.
"""

from .build import Site, build_site

__all__ = ["Site", "build_site"]

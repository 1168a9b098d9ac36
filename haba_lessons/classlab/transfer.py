"""Getting files out of and into a session: a download link, and an upload that pools.

On Binder every student has a separate session, so the groups' files must travel: each
recorder shows a download link (the file's text inside the link itself, a data URI, which
needs no server and works offline), and the teacher uploads the files with
:class:`PoolUploader`, which pools them at once and reports every problem.
"""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as widgets

from ..i18n import _
from ..widget_guard import guarded
from .pool import Pool, pool_files
from .records import check_game

TEXT = "color:var(--jp-ui-font-color1, inherit);font:15px var(--jp-ui-font-family, sans-serif)"


def download_link(name: str, content: bytes) -> str:
    """HTML for a link that saves ``content`` (the file's exact bytes) as the file ``name``
    (no content: a note instead)."""
    if not content:
        note = _("The download link appears after the first record.")
        return f"<div style='{TEXT}'>{note}</div>"
    data = base64.b64encode(content).decode("ascii")
    link = _("Download {file}").format(file=escape(name))
    hand = _("hand this file to your teacher.")
    return (f"<a download='{escape(name)}' href='data:text/csv;base64,{data}' "
            f"class='haba-download' style='{TEXT};color:var(--jp-content-link-color, "
            f"#0969da)'>⬇ {link}</a> — {hand}")


class PoolUploader(widgets.VBox):
    """The teacher's upload box: choose the groups' CSV files; they are pooled at once.

    ``uploader.pool`` holds the latest :class:`~haba_lessons.classlab.pool.Pool`.
    """

    def __init__(self, game: str) -> None:
        self.game = check_game(game)
        self.pool: Pool | None = None
        self.upload = widgets.FileUpload(accept=".csv", multiple=True,
                                         description=_("Upload {game} files").format(
                                             game=game))
        empty = _("No files uploaded yet.")
        self.report = widgets.HTML(f"<div style='{TEXT}'>{empty}</div>")
        self.upload.observe(lambda _: self._pool(), names="value")
        super().__init__([self.upload, self.report])

    @guarded
    def _pool(self) -> None:
        files = [(str(item["name"]), bytes(item["content"])) for item in self.upload.value]
        self.pool = pool_files(files, self.game)
        self.redraw()

    def redraw(self) -> None:
        """The report of the latest pool (or that there is none yet)."""
        text = self.pool.report() if self.pool else _("No files pooled yet.")
        lines = "<br>".join(escape(line) for line in text.splitlines())
        self.report.value = f"<div style='{TEXT}'>{lines}</div>"

    def show_problem(self, message: str) -> None:
        self.report.value += f"<div style='{TEXT}'>{escape(message)}</div>"

"""Heading anchors as JupyterLab makes them, so links written in the notebooks
(``00-welcome.ipynb#What-we-know-and-what-we-assumed``) work on the website too."""

from __future__ import annotations


def jupyterlab_slug(heading: str) -> str:
    """JupyterLab's anchor for a heading: its text with each space replaced by ``-``."""
    return heading.replace(" ", "-")

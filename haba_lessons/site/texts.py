"""The words of the website's own pages, one file per language (``texts/<language>.toml``).

English (``en.toml``) defines the keys; another edition's file must have every one of them,
so a German edition (``de.toml``) shows German everywhere or says which key is missing.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any

from ..errors import DataFileError, InvalidArgumentError

REFERENCE = "en"
_LANGUAGE = re.compile(r"^[a-z]{2}(_[A-Z]{2})?$")


def available_languages() -> list[str]:
    """The languages that have a texts file."""
    folder = resources.files("haba_lessons.site").joinpath("texts")
    return sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                  if entry.name.endswith(".toml"))


def load_texts(language: str) -> dict[str, Any]:
    """The texts of ``language``, checked against the English keys."""
    if not isinstance(language, str) or not _LANGUAGE.match(language) \
            or language not in available_languages():
        raise InvalidArgumentError(
            f"No website texts for the language {language!r}: choose one of "
            f"{', '.join(available_languages())} (a new edition adds "
            f"haba_lessons/site/texts/<language>.toml).")
    texts = _read(language)
    missing = sorted(set(_read(REFERENCE)) - set(texts))
    if missing:
        raise DataFileError(f"haba_lessons/site/texts/{language}.toml lacks "
                            f"{', '.join(missing)} (see en.toml for each one).")
    return texts


def _read(language: str) -> dict[str, Any]:
    name = f"{language}.toml"
    text = resources.files("haba_lessons.site").joinpath("texts", name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"haba_lessons/site/texts/{name}: not valid TOML ({error}).") \
            from None

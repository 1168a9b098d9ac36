"""Pool the groups' files of one game into one table, keeping every good record.

Each file is read on its own (:func:`~haba_lessons.classlab.reader.read_class_file`): a bad
file or a bad line costs that file or line, reported with its name and line number, never
the pool.

What counts as a duplicate:

* the same file content loaded twice (the same bytes, whatever the file names): the second
  copy is skipped;
* a record of a group that is already in the pool with the same number and content (a
  group's file downloaded twice, once early and once later): the copy is skipped.

Two different files that say the same group nickname (in any capitals) but disagree on a
record number are two different groups that chose the same nickname: the later one is kept
under ``"<nickname> (2)"`` and the clash is reported, so no record is lost or mixed up.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..errors import InvalidArgumentError
from ..i18n import _, ngettext
from .reader import ClassFile, Problem, read_class_file
from .records import COLUMNS, GAMES, Record, check_folder, group_key

Source = str | Path | tuple[str, str | bytes]
#: The records of one group in the pool: record number -> the records under it.
Known = dict[int, set[Record]]


@dataclass
class Pool:
    """The pooled records (one row each, with its group and file) and what was reported."""

    game: str
    records: pd.DataFrame
    problems: list[Problem] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stand_in: str = ""        # why these records come from another folder, if they do
    spelling: dict[str, str] = field(default_factory=dict, repr=False)  # key -> group shown

    def report(self) -> str:
        """One line per problem and duplicate, or a line saying all went well."""
        groups = self.records["group"].nunique() if len(self.records) else 0
        records = ngettext("{n} {game} record", "{n} {game} records", len(self.records))
        lines = [records.format(n=len(self.records), game=self.game) + " "
                 + ngettext("from {n} group.", "from {n} groups.", groups).format(n=groups)]
        lines += [self.stand_in] if self.stand_in else []
        lines += [_("problem — {problem}").format(problem=p) for p in self.problems]
        lines += [_("duplicate — {duplicate}").format(duplicate=d) for d in self.duplicates]
        return "\n".join(lines)


def pool_files(sources: Iterable[Source], game: str) -> Pool:
    """Read and pool ``sources``: paths, or ``(file name, contents)`` pairs from an upload."""
    seen_content: dict[str, str] = {}
    groups: dict[str, Known] = {}           # shown group name -> its records
    owners: dict[str, str] = {}             # shown group name -> the file it came from first
    rows: list[dict] = []
    pool = Pool(game, pd.DataFrame(columns=("group", "file", *COLUMNS)))
    for source in sources:
        name, content = _contents(source)
        digest = hashlib.sha256(content if isinstance(content, bytes) else
                                content.encode("utf-8")).hexdigest()
        if content and digest in seen_content:
            pool.duplicates.append(_("{file} has the same content as {other}; it was "
                                     "skipped.").format(file=name,
                                                        other=seen_content[digest]))
            continue
        seen_content[digest] = name
        found = read_class_file(name, content, game=game)
        pool.problems += found.problems
        pool.notes += [n for n in found.notes if n not in pool.notes]
        if found.group is None:
            continue
        group = _group_for(found, groups, owners, pool)
        known = groups.setdefault(group, {})
        owners.setdefault(group, found.name)
        repeated = 0
        for record in found.records:
            if record in known.get(record.record, ()):
                repeated += 1
                continue
            known.setdefault(record.record, set()).add(record)
            rows.append({"group": group, "file": found.name, **vars(record)})
        if repeated:
            pool.duplicates.append(f"{found.name}: " + ngettext(
                "{n} record of group {group} was already loaded from {owner}; skipped.",
                "{n} records of group {group} were already loaded from {owner}; skipped.",
                repeated).format(n=repeated, group=repr(group), owner=owners[group]))
    if rows:
        frame = pd.DataFrame(rows, columns=("group", "file", *COLUMNS))
        pool.records = frame.sort_values(["group", "record"], kind="stable",
                                         ignore_index=True)
    return pool


def pool_folder(folder: str | Path, fallback: str | Path | None = None,
                needs: Mapping[str, Callable[[pd.DataFrame], object]] | None = None
                ) -> dict[str, Pool]:
    """Pool every game's files in ``folder`` (named ``<game>-<group>.csv``), game by game.

    A game of which ``folder`` holds no good record is pooled from ``fallback`` instead (when
    given), and its report says so: a class that played only some of the games still sees
    every section, the missing games with the example class's data, clearly labelled.
    ``needs[game](records)`` refuses (InvalidArgumentError) records that cannot serve yet (a
    Quiet as a Mouse file of one seat only): they get the stand-in too, the report saying why.
    """
    folder = check_folder(folder, "CLASS_DATA")
    if not folder.is_dir():
        raise InvalidArgumentError(_("there is no folder {folder} here: put the groups' files "
                                     "into it, or check the name in CLASS_DATA.").format(
            folder=repr(str(folder))))
    pools = {game: pool_files(sorted(folder.glob(f"{game}-*.csv")), game) for game in GAMES}
    if fallback is None or Path(fallback).resolve() == folder.resolve():
        return pools
    for game, pool in pools.items():
        why = (_("no {game} records in {folder}").format(game=game, folder=_name(folder))
               if pool.records.empty else _unusable(pool, (needs or {}).get(game), folder))
        if why:
            stand_in = pool_files(sorted(Path(fallback).glob(f"{game}-*.csv")), game)
            stand_in.problems = pool.problems + stand_in.problems
            stand_in.stand_in = "  ! " + _("{why}: the records of {fallback} stand in for "
                                           "them.").format(why=why,
                                                           fallback=Path(fallback).name)
            pools[game] = stand_in
    return pools


def _unusable(pool: Pool, need: Callable[[pd.DataFrame], object] | None,
              folder: Path) -> str:
    """Why ``pool``'s records cannot serve ``need`` yet ("" if they can)."""
    if need is None:
        return ""
    try:
        need(pool.records)
    except InvalidArgumentError as refusal:
        return _("the {game} records in {folder} cannot be used yet ({why})").format(
            game=pool.game, folder=_name(folder), why=str(refusal).rstrip("."))
    return ""


def _name(folder: Path) -> str:
    """A folder as a report names it (``""`` and ``"."`` are the folder Jupyter runs in)."""
    return folder.name or folder.resolve().name


def _contents(source: Source) -> tuple[str, str | bytes]:
    """(file name, contents) of a path or an upload; b"" for a file that cannot be read (the
    reader then says why)."""
    if isinstance(source, tuple):
        name, content = source
        return Path(name).name, content
    try:
        return Path(source).name, Path(source).read_bytes()
    except OSError:
        return Path(source).name, b""


def _group_for(found: ClassFile, groups: dict[str, Known], owners: dict[str, str],
               pool: Pool) -> str:
    """The group name the file's records go under (renamed on a nickname clash); groups whose
    nicknames differ only in capitals are one group, shown as first spelled."""
    base = pool.spelling.setdefault(group_key(found.group), found.group)
    name, n = base, 1
    while name in groups:
        known = groups[name]
        if all(r in known[r.record] for r in found.records if r.record in known):
            return name  # the same group: a later (or earlier) copy of its file
        n += 1
        name = f"{base} ({n})"
    if n > 1:
        pool.problems.append(Problem(found.name, None, _(
            "says group {group}, like {other}, but their records differ: two groups chose the "
            "same nickname. Its records are kept as group {name}; ask the groups to pick "
            "different nicknames next time.").format(group=repr(base), other=owners[base],
                                                     name=repr(name))))
    return name

"""What the import finders report, and the file-level cycles among those imports."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Import:
    """One import, as a file makes it."""

    file: Path
    line: int
    source: str
    """The importing module (``crafthall.engine.match``) or script (``table.js``)."""
    target: str
    """The module or script imported; for a dynamic import, the package its literal names."""
    statement: str
    """The import as written, for messages."""
    lazy: str = ""
    """Why it does not run when the file is loaded ("inside a function", "under TYPE_CHECKING",
    "a dynamic import()"), or "" if it does."""
    anything_under: bool = False
    """A dynamic import named only by a literal prefix: ``target`` or anything under it."""

    def where(self) -> str:
        return f"{shown(self.file)}:{self.line}"


def shown(path: Path) -> str:
    """A file as messages name it: relative to the working folder when inside it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def cycles(imports: Iterable[Import]) -> list[tuple[str, ...]]:
    """The import cycles among the sources and targets of ``imports``, at any length: for each
    import that lies on a cycle, the shortest cycle through it, each cycle once and starting at
    its least name. (Listing every elementary cycle can explode; this covers every import that
    lies on a cycle, with cycles as short as can be.)"""
    after: dict[str, set[str]] = {}
    for found in imports:
        if found.source != found.target:
            after.setdefault(found.source, set()).add(found.target)
    seen: set[tuple[str, ...]] = set()
    for source, targets in after.items():
        for target in targets:
            way_back = shortest_path(after, target, source)
            if way_back:
                seen.add(normalized((source, *way_back[:-1])))
    return sorted(seen, key=lambda cycle: (len(cycle), cycle))


def shortest_path(after: dict[str, set[str]], start: str, end: str) -> list[str]:
    """The names from ``start`` to ``end`` along imports (both included), or [] if none."""
    came_from: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        name = queue.popleft()
        if name == end:
            path = [end]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return path[::-1]
        for target in sorted(after.get(name, ())):
            if target not in came_from:
                came_from[target] = name
                queue.append(target)
    return []


def normalized(cycle: tuple[str, ...]) -> tuple[str, ...]:
    """A cycle starting at its least name, as :func:`cycles` gives it."""
    start = cycle.index(min(cycle))
    return cycle[start:] + cycle[:start]


def describe_cycle(cycle: tuple[str, ...], imports: Iterable[Import], unit: str = "files") -> str:
    """One sentence naming each import of a cycle by file and line."""
    first: dict[tuple[str, str], Import] = {}
    for found in imports:
        key = (found.source, found.target)
        if key not in first or found.line < first[key].line:
            first[key] = found
    steps = [
        first[(source, target)]
        for source, target in zip(cycle, (*cycle[1:], cycle[0]), strict=True)
    ]
    told = ", ".join(f"{step.where()} imports {step.target}" for step in steps)
    return (
        f"import cycle of {len(cycle)} {unit}: {told}; break one of these imports (move what "
        "both sides need below them)."
    )

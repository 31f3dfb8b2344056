"""Every import a Python package makes of its own modules, in every form Python has.

- ``import p.x.y`` imports ``p.x.y``;
- ``from p.x import y`` imports ``p.x.y`` when ``y`` is a module that ``p/x/__init__.py`` does not
  shadow with a definition of its own (Python hands out the attribute first), else ``p.x``; so
  ``from p import server`` imports ``p.server``; relative imports resolve the same way;
- ``importlib.import_module(...)`` and ``__import__(...)``, under any alias, import what their
  first argument names: exactly when it is a string literal, ``__name__``, ``__package__`` or a
  module-level name bound to literals (``_MODULES[key]``, ``_MODULES`` a dict of literals, may
  import each value); an f-string, ``+`` or ``.format`` with a literal prefix imports the package
  that prefix names or anything under it; an argument with no literal prefix, anything at all.

Imports inside functions and under ``if TYPE_CHECKING:`` are found too, and marked lazy.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tests.layers.graph import Import

IMPORTERS = {"importlib.import_module", "importlib.__import__", "builtins.__import__", "__import__"}
"""Functions that import the module their first argument names."""

IMPORTER_WORDS = ("import_module", "__import__")
"""A module whose text has neither word cannot call an importer, under any alias."""


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by dotted name (a package by its __init__)."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


@cache
def python_imports(root: Path) -> tuple[Import, ...]:
    """Every import of a module of the package at ``root`` by a module of it."""
    known = modules(root)
    texts = {name: path.read_text(encoding="utf-8") for name, path in known.items()}
    trees = {name: ast.parse(text, str(known[name])) for name, text in texts.items()}
    found: list[Import] = []
    for name, path in known.items():
        finder = Finder(root.name, name, path, trees)
        finder.statements(trees[name].body, lazy="")
        if any(word in texts[name] for word in IMPORTER_WORDS):
            finder.calls(trees[name].body, lazy="")
        found.extend(finder.found)
    return tuple(found)


class Finder:
    """The imports of one module (``module``, in the file ``path``)."""

    def __init__(self, top: str, module: str, path: Path, trees: dict[str, ast.Module]) -> None:
        self.top, self.module, self.path, self.trees = top, module, path, trees
        self.package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        self.aliases: dict[str, str] = {}
        self.found: list[Import] = []

    def statements(self, body: list[ast.stmt], lazy: str) -> None:
        """Note the import statements of ``body`` and of the blocks within it."""
        for statement in body:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                self.import_statement(statement, lazy)
            for block, why in blocks(statement):
                self.statements(block, lazy or why)

    def calls(self, body: list[ast.stmt], lazy: str) -> None:
        """Note the calls of an importer in ``body`` and the blocks within it."""
        for statement in body:
            for node in expressions(statement):
                if isinstance(node, ast.Call) and node.args and self.importer(node.func):
                    for text, exact in self.strings(node.args[0]):
                        target = self.absolute(text) if exact else self.package_of_prefix(text)
                        self.add(node, target, lazy, anything_under=not exact)
            for block, why in blocks(statement):
                self.calls(block, lazy or why)

    def import_statement(self, node: ast.Import | ast.ImportFrom, lazy: str) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.partition(".")[0]
                self.aliases[local] = alias.name if alias.asname else local
                self.add(node, alias.name, lazy)
            return
        base = self.absolute("." * node.level + (node.module or ""))
        for alias in node.names:
            self.aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
            self.add(node, self.member(base, alias.name), lazy)

    def add(self, node: ast.AST, target: str, lazy: str, anything_under: bool = False) -> None:
        """Note an import of ``target`` (a dotted name, perhaps of a name inside a module)."""
        if target != self.top and not target.startswith(self.top + "."):
            return
        while target not in self.trees and "." in target:
            target = target.rpartition(".")[0]
        statement = ast.unparse(node).replace("\n", " ")
        line = getattr(node, "lineno", 0)
        self.found.append(
            Import(self.path, line, self.module, target, statement, lazy, anything_under)
        )

    def importer(self, node: ast.expr) -> bool:
        """Whether ``node`` names a function that imports a module (under the names the
        module's imports bind anywhere in it)."""
        return self.qualified(node) in IMPORTERS

    def qualified(self, node: ast.expr) -> str:
        """``im`` -> ``importlib.import_module`` after ``from importlib import import_module
        as im``; ``a.b`` -> the qualified name of ``a``, then ``.b``."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            return f"{self.qualified(node.value)}.{node.attr}"
        return ""

    def absolute(self, name: str) -> str:
        """A module name with its leading dots (a relative import) resolved."""
        dots = len(name) - len(name.lstrip("."))
        if not dots:
            return name
        parts = self.package.split(".")
        return ".".join([*parts[: len(parts) - dots + 1], *filter(None, [name[dots:]])])

    def package_of_prefix(self, prefix: str) -> str:
        """The package a module known only by a ``prefix`` of its name lies in:
        ``crafthall.games.`` and ``crafthall.games.word`` -> ``crafthall.games``;
        ``crafthall`` or "" -> the whole package."""
        dots = len(prefix) - len(prefix.lstrip("."))
        if dots and dots == len(prefix):
            return self.absolute(prefix)
        name = self.absolute(prefix)
        if f"{self.top}.".startswith(name):
            return self.top
        return name.rpartition(".")[0]

    def member(self, package: str, name: str) -> str:
        """What ``from package import name`` imports: the submodule ``name`` unless the
        package's __init__ defines ``name`` itself (the attribute wins in Python)."""
        submodule = f"{package}.{name}"
        if submodule in self.trees and name not in defined_names(self.trees.get(package)):
            return submodule
        return package

    def strings(self, node: ast.expr, depth: int = 0) -> Iterator[tuple[str, bool]]:
        """The strings an argument may be: (text, True) for a whole string, (prefix, False)
        for a string known only up to its literal prefix ("" when nothing is known)."""
        if depth > 4:  # names bound to names bound to names: give up
            yield "", False
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value, True
        elif self.own_name(node):
            yield self.own_name(node), True
        elif isinstance(node, ast.JoinedStr):
            yield "".join(self.literal_prefix(node.values)), False
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            yield from ((text, False) for text, _ in self.strings(node.left, depth + 1))
        elif is_format(node):  # "crafthall.games.{}".format(name): the text before "{"
            assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            yield from ((t.partition("{")[0], False) for t, _ in self.strings(node.func.value))
        elif isinstance(node, ast.Name) and node.id in self.bound():
            yield from self.strings(self.bound()[node.id], depth + 1)
        elif isinstance(node, ast.Subscript):
            yield from self.members(node.value, depth + 1)
        else:
            yield "", False

    def literal_prefix(self, values: list[ast.expr]) -> Iterator[str]:
        """The leading parts of an f-string that are known: literals, ``{__name__}`` and
        ``{__package__}``."""
        for value in values:
            if isinstance(value, ast.FormattedValue):
                value = value.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                yield value.value
            elif self.own_name(value):
                yield self.own_name(value)
            else:
                return

    def own_name(self, node: ast.expr) -> str:
        """The module's ``__name__`` or ``__package__``, if ``node`` is one, else ""."""
        if isinstance(node, ast.Name) and node.id in ("__name__", "__package__"):
            return self.module if node.id == "__name__" else self.package
        return ""

    def members(self, node: ast.expr, depth: int) -> Iterator[tuple[str, bool]]:
        """The strings an item of a module-level dict, list, tuple or set may be."""
        bound = self.bound().get(node.id) if isinstance(node, ast.Name) else None
        if isinstance(bound, ast.Dict):
            for value in bound.values:
                yield from self.strings(value, depth)
        elif isinstance(bound, ast.List | ast.Tuple | ast.Set):
            for item in bound.elts:
                yield from self.strings(item, depth)
        else:
            yield "", False

    def bound(self) -> dict[str, ast.expr]:
        return module_bindings(self.trees[self.module])


def blocks(statement: ast.stmt) -> Iterator[tuple[list[ast.stmt], str]]:
    """The blocks of statements inside a statement, each with why it does not run when the
    module is loaded ("" when it does)."""
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        yield statement.body, "inside a function"
    elif isinstance(statement, ast.If) and is_type_checking(statement.test):
        yield statement.body, "under TYPE_CHECKING"
        yield statement.orelse, ""
    else:
        for field in ("body", "orelse", "finalbody"):
            yield getattr(statement, field, []), ""
        for part in getattr(statement, "handlers", []) + getattr(statement, "cases", []):
            yield part.body, ""


def expressions(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement outside its blocks of statements (decorators, defaults, the
    test of an if, the whole of a simple statement)."""
    for field, value in ast.iter_fields(statement):
        if field in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        for part in value if isinstance(value, list) else [value]:
            if isinstance(part, ast.AST):
                yield from ast.walk(part)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def is_format(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    )


def top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module's body that run when it is loaded and bind names of the
    module, into its if, try and with blocks (not into classes)."""
    for statement in body:
        yield statement
        for block, why in blocks(statement):
            if not why and not isinstance(statement, ast.ClassDef):
                yield from top_level(block)


@cache
def module_bindings(tree: ast.Module) -> dict[str, ast.expr]:
    """Module-level names bound to a value, for resolving ``import_module(NAME)``."""
    found: dict[str, ast.expr] = {}
    for statement in top_level(tree.body):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name):
            found[target.id] = value
    return found


@cache
def defined_names(tree: ast.Module | None) -> frozenset[str]:
    """The names a module defines itself when loaded (by def, class or assignment)."""
    found: set[str] = set()
    for statement in top_level(tree.body) if tree else ():
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(statement.name)
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found.update(target.id for target in targets if isinstance(target, ast.Name))
    return frozenset(found)

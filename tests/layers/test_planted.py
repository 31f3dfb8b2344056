"""The checks of ``tests/test_layers.py`` report each kind of wrong import, planted in a small
copy of crafthall's layout: an upward import, a game importing another game, each form of
import, a cycle of Python modules and a cycle of scripts. A clean tree reports nothing."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.layers.graph import Import, cycles, describe_cycle
from tests.layers.js import js_imports, missing, scan, scripts
from tests.layers.python import modules, python_imports
from tests.layers.rules import layer_breaks, script_breaks

CLEAN = {
    "__init__.py": "",
    "engine/__init__.py": "",
    "engine/match.py": "import json\n\n\nclass Match:\n    pass\n",
    "games/__init__.py": """\
        from importlib import import_module

        from crafthall.engine.match import Match
        from crafthall.games.entry import Entry

        MODULES = {"wordcraft": "crafthall.games.wordcraft"}


        def entry(name: str) -> Entry:
            return import_module(MODULES[name]).ENTRY


        def any_game(name: str) -> Entry:
            return import_module(f"crafthall.games.{name}").ENTRY


        def new_match() -> Match:
            return Match()
        """,
    "games/entry.py": "class Entry:\n    pass\n",
    "games/wordcraft/__init__.py": "from .rules import ENTRY\n",
    "games/wordcraft/rules.py": """\
        from crafthall.engine import match
        from crafthall.games.entry import Entry
        from . import words

        ENTRY = Entry()
        """,
    "games/wordcraft/words.py": "",
    "games/evocabulary/__init__.py": "",
    "games/evocabulary/rules.py": "from crafthall.engine.match import Match\n",
    "tutorial/__init__.py": "from crafthall.games import entry, new_match\n",
    "server/__init__.py": "",
    "server/app.py": "from crafthall import games, tutorial\n",
}
"""A tree laid out as crafthall is, each import in it allowed (the registry imports games by a
dict of names and by an f-string; ``from crafthall.games import entry`` is the registry's
function, not the module ``games/entry.py`` it shadows)."""


def plant(root: Path, files: dict[str, str]) -> Path:
    """The clean tree under ``root``, with ``files`` added or replacing its own."""
    package = root / "crafthall"
    for name, text in {**CLEAN, **files}.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return package


def breaks(package: Path) -> list[str]:
    return layer_breaks(python_imports(package), modules(package))


def test_the_clean_tree_breaks_no_rule(tmp_path: Path) -> None:
    package = plant(tmp_path, {})
    assert breaks(package) == []
    assert cycles(python_imports(package)) == []


def test_an_upward_import_is_named_by_file_line_and_rule(tmp_path: Path) -> None:
    package = plant(
        tmp_path, {"engine/match.py": "import json\nfrom crafthall.server import app\n"}
    )
    [sentence] = breaks(package)
    assert sentence == (
        f"{package / 'engine/match.py'}:2: from crafthall.server import app makes engine import "
        "server, but engine may import nothing else in crafthall."
    )


def test_a_game_importing_another_game_is_reported(tmp_path: Path) -> None:
    package = plant(
        tmp_path, {"games/wordcraft/words.py": "from crafthall.games.evocabulary import rules\n"}
    )
    [sentence] = breaks(package)
    assert sentence.endswith(
        "makes game:wordcraft import game:evocabulary, but no game imports another game."
    )


FORMS = {
    "import": "import crafthall.server.app",
    "import as": "import crafthall.server.app as app",
    "from a package, its module": "from crafthall.server import app",
    "from the top, a package": "from crafthall import server",
    "from a package, a game": "from crafthall.games import wordcraft",
    "from a package, a name of its __init__": "from crafthall.games import new_match",
    "relative, a module": "from ..server import app",
    "relative, a package": "from .. import server",
    "import_module, a literal": (
        "from importlib import import_module\nimport_module('crafthall.server.app')"
    ),
    "importlib.import_module": "import importlib\nimportlib.import_module('crafthall.server')",
    "an alias, an f-string": (
        "from importlib import import_module as load\nload(f'crafthall.games.{name}')"
    ),
    "a + prefix": "import importlib\nimportlib.import_module('crafthall.games.' + name)",
    "a .format prefix": "import importlib as i\ni.import_module('crafthall.{}'.format(name))",
    "__import__": "__import__('crafthall.server.app')",
    "a module-level dict": (
        "from importlib import import_module\nM = {'a': 'crafthall.server'}\nimport_module(M[a])"
    ),
    "a name unknown": "from importlib import import_module\nimport_module(name)",
    "inside a function": "def f():\n    from crafthall.server import app",
    "under TYPE_CHECKING": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from crafthall.server import app"
    ),
    "in a class, under try": (
        "class C:\n    try:\n        import crafthall.server\n    except ImportError:\n        pass"
    ),
}
"""Each form of import, reaching above the engine on its last line but in the last two (the
last two lines of the class's try are its handler). ``name`` is unknown to the checker."""


@pytest.mark.parametrize("form", FORMS)
def test_every_form_of_import_is_seen(tmp_path: Path, form: str) -> None:
    lines = FORMS[form].split("\n")
    line = len(lines) - 2 if form.startswith("in a class") else len(lines)
    package = plant(tmp_path, {"engine/match.py": FORMS[form] + "\n"})
    found = breaks(package)
    assert found, f"the checker missed {form}: {FORMS[form]!r}"
    [sentence] = found
    assert sentence.startswith(f"{package / 'engine/match.py'}:{line}: "), sentence
    assert sentence.endswith("but engine may import nothing else in crafthall."), sentence


def test_the_registry_alone_may_import_every_game(tmp_path: Path) -> None:
    line = 'from importlib import import_module\nimport_module(f"crafthall.games.{name}")\n'
    package = plant(tmp_path, {"tutorial/model.py": line})
    assert breaks(package) == [
        f"{package / 'tutorial/model.py'}:2: import_module(f'crafthall.games.{{name}}') makes "
        "tutorial import game:evocabulary, game:wordcraft (it may load anything under "
        "crafthall.games), but tutorial may import only bots, engine, gamekit, lexicon, registry."
    ]


def test_a_name_a_package_defines_is_not_its_module(tmp_path: Path) -> None:
    package = plant(tmp_path, {})
    targets = {
        (one.source, one.target) for one in python_imports(package) if not one.anything_under
    }
    assert ("crafthall.tutorial", "crafthall.games") in targets  # the function entry
    assert ("crafthall.server.app", "crafthall.games") in targets  # the package, a module
    assert ("crafthall.games.wordcraft.rules", "crafthall.games.wordcraft.words") in targets


def python_cycle_tree(tmp_path: Path) -> Path:
    return plant(
        tmp_path,
        {
            "engine/a.py": "from crafthall.engine import b\n",
            "engine/b.py": "import json\nfrom crafthall.engine.c import C\n",
            "engine/c.py": "from .a import A\n\n\ndef f():\n    from crafthall.engine import b\n",
        },
    )


def test_a_python_cycle_is_reported_with_its_files_and_lines(tmp_path: Path) -> None:
    package = python_cycle_tree(tmp_path)
    loaded = [one for one in python_imports(package) if not one.lazy]
    [cycle] = cycles(loaded)
    assert cycle == ("crafthall.engine.a", "crafthall.engine.b", "crafthall.engine.c")
    assert describe_cycle(cycle, loaded) == (
        f"import cycle of 3 files: {package / 'engine/a.py'}:1 imports crafthall.engine.b, "
        f"{package / 'engine/b.py'}:2 imports crafthall.engine.c, "
        f"{package / 'engine/c.py'}:1 imports crafthall.engine.a; break one of these imports "
        "(move what both sides need below them)."
    )


def test_an_import_inside_a_function_closes_no_file_cycle(tmp_path: Path) -> None:
    found = python_imports(python_cycle_tree(tmp_path))
    lazy = [one for one in found if one.lazy and one.source.startswith("crafthall.engine")]
    assert [(one.source, one.target, one.lazy) for one in lazy] == [
        ("crafthall.engine.c", "crafthall.engine.b", "inside a function")
    ]
    assert ("crafthall.engine.b", "crafthall.engine.c") in cycles(found)


SCRIPTS = {
    "web/js/app.js": """\
        // import { nothing } from "./comment.js";
        import { table } from "./table.js";
        import "./side.js";
        const help = `
        import x from "./template.js";
        `;
        const quote = /["'`]/g;
        const late = () => import("./late.js");
        """,
    "web/js/table.js": """\
        import {
          h,
          button,
        } from "./dom.js";
        export { view } from "./views/index.js";
        export const text = "import x from './string.js'";
        """,
    "web/js/views/index.js": """\
        import { row } from "./row.js";
        const load = (name) => import(`./${name}.js`);
        """,
    "web/js/views/row.js": 'import * as table from "../table.js";\n',
    "web/js/dom.js": "export const h = () => 1 / 2 / 3;\n",
    "web/js/side.js": "",
    "web/js/late.js": 'import { table } from "./table.js";\nimport { gone } from "./gone.js";\n',
    "games/word_craft/board.js": 'import { h } from "/static/js/dom.js";\n',
    "games/evo/board.js": """\
        import craft from "/games/word-craft/board.js";
        import { table } from "/static/js/table.js";
        import { near } from "./near.js";
        """,
}
"""A client with a cycle (table, views/index, views/row), an import of a missing script, and
imports-in-text the checker must not take for imports; a board that imports another game's
board, a page's script and a file beside it."""


def script_tree(root: Path) -> tuple[Path, Path]:
    """The planted tree: its client's folder and its package."""
    for name, text in SCRIPTS.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root / "web" / "js", root


def edges(found: tuple[Import, ...]) -> list[tuple[str, int, str, str]]:
    return [(one.source, one.line, one.target, one.lazy) for one in found]


def test_every_form_of_script_import_is_seen_and_none_in_text(tmp_path: Path) -> None:
    found = js_imports(*script_tree(tmp_path))
    assert edges(found) == [
        ("app.js", 2, "table.js", ""),
        ("app.js", 3, "side.js", ""),
        ("app.js", 8, "late.js", "a dynamic import()"),
        ("late.js", 1, "table.js", ""),
        ("late.js", 2, "gone.js", ""),
        ("table.js", 1, "dom.js", ""),
        ("table.js", 5, "views/index.js", ""),
        ("views/index.js", 1, "views/row.js", ""),
        ("views/index.js", 2, "views", "a dynamic import()"),
        ("views/row.js", 1, "table.js", ""),
        ("games/evo/board.js", 1, "games/word_craft/board.js", ""),
        ("games/evo/board.js", 2, "table.js", ""),
        ("games/evo/board.js", 3, "games/evo/near.js", ""),
        ("games/word_craft/board.js", 1, "dom.js", ""),
    ]
    assert [one.anything_under for one in found if one.lazy] == [False, True]


def test_a_script_cycle_is_reported(tmp_path: Path) -> None:
    found = [one for one in js_imports(*script_tree(tmp_path)) if not one.lazy]
    [cycle] = cycles(found)
    assert cycle == ("table.js", "views/index.js", "views/row.js")
    assert describe_cycle(cycle, found).startswith(
        f"import cycle of 3 files: {tmp_path / 'web/js/table.js'}:5 imports views/index.js, "
    )


def test_a_missing_script_and_a_board_reaching_out_are_reported(tmp_path: Path) -> None:
    client, package = script_tree(tmp_path)
    found = js_imports(client, package)
    assert missing(found, scripts(client, package).values()) == [
        f'{client / "late.js"}:2: import {{ gone }} from "./gone.js" names gone.js, which is not '
        "a script a page loads (a client script imports another by its relative path, a board "
        "by its URL, /static/js/...).",
        f'{tmp_path / "games/evo/board.js"}:3: import {{ near }} from "./near.js" names '
        "games/evo/near.js, which is not a script a page loads (a client script imports another "
        "by its relative path, a board by its URL, /static/js/...).",
    ]
    board = tmp_path / "games/evo/board.js"
    assert script_breaks(found, ["word_craft", "evo"]) == [
        f'{board}:1: import craft from "/games/word-craft/board.js" makes the board '
        "games/evo/board.js import games/word_craft/board.js, but no game's board imports "
        "another game's.",
        f'{board}:2: import {{ table }} from "/static/js/table.js" makes the board '
        "games/evo/board.js import table.js, but a board imports only dom.js and board-kit.js.",
        f'{board}:3: import {{ near }} from "./near.js" makes the board games/evo/board.js '
        "import games/evo/near.js, but a board imports only dom.js and board-kit.js.",
    ]


def test_the_scanner_keeps_offsets_and_blanks_what_is_not_code() -> None:
    source = 'a = `x ${ {b: "c"}.b } y` / 2; // "d"\nr = /[/"]/.test("e");\n'
    masked, literals = scan(source)
    assert len(masked) == len(source) and masked.count("\n") == 2
    assert [(literal.text, literal.whole) for literal in literals] == [
        ("x ", False),
        ("c", True),
        ("e", True),
    ]
    assert '"d"' not in masked and "[/" not in masked and "/ 2" in masked

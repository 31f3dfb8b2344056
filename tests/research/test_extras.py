"""The core package works without the optional extras: nothing outside crafthall.research (and
the report's plotting, or Ray when asked for) imports them."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "ray", "matplotlib", "pyarrow")


def test_the_core_imports_no_optional_extra() -> None:
    modules = ", ".join(
        [
            "crafthall.games",
            "crafthall.arena.simulate",
            "crafthall.arena.study",
            "crafthall.cli.main",
            "crafthall.research.table",
        ]
    )
    code = f"import sys, {modules}; print(sorted(m for m in {EXTRAS!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

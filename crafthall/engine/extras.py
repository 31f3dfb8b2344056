"""What to type when an optional extra is missing.

crafthall's optional extras (``study``, ``ray``, ``research``) are declared once, in
``pyproject.toml``; the packages named here are read back from the installed package's
metadata, so the advice never drifts from what ``pip`` would install. The advice names the
running interpreter's ``pip`` (``.venv/bin/python -m pip``, not whichever ``pip`` is first on
the PATH) and the packages themselves: ``pip install 'crafthall[study]'`` would look for
crafthall on the package index instead of this checkout.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from importlib.metadata import PackageNotFoundError, requires
from pathlib import Path

from crafthall.engine.errors import SetupError


def extra_packages(extra: str) -> list[str]:
    """The requirements of crafthall's ``extra`` (``["matplotlib>=3.8", "pyarrow>=15"]``), or
    none when crafthall's metadata cannot be found."""
    try:
        declared = requires("crafthall") or []
    except PackageNotFoundError:
        return []
    marker = re.compile(rf"""\bextra\s*==\s*["']{re.escape(extra)}["']""")
    return [
        requirement.strip()
        for requirement, _, condition in (line.partition(";") for line in declared)
        if marker.search(condition)
    ]


def install_command(extra: str) -> str:
    """The shell command that installs ``extra`` into the interpreter running now."""
    packages = extra_packages(extra)
    if not packages:  # no metadata: name the extra of the checkout being run from
        packages = [f".[{extra}]"]
    python = shlex.quote(_shown(sys.executable or "python3"))
    return f"{python} -m pip install " + " ".join(shlex.quote(p) for p in packages)


def missing_extra(what: str, extra: str) -> SetupError:
    """The error for a missing optional extra: ``what`` needs it, and the command that
    installs it (``raise missing_extra("The report's plots need matplotlib", "study")``)."""
    return SetupError(f"{what}: {install_command(extra)}")


def _shown(executable: str) -> str:
    """``executable`` relative to the current folder when inside it (``.venv/bin/python``),
    so the sentence stays short; otherwise as given. Symlinks are kept: a virtualenv's
    ``python`` is a link, and resolving it would name the system's interpreter instead."""
    path = Path(os.path.abspath(executable))
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)

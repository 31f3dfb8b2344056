"""A copy of the project with a game made by ``crafthall new-game``, for the tests that check
the new game works everywhere without touching the checkout."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NAME = "fox-trot"
COPIED = ("crafthall", "tests", "docs", "pyproject.toml")


def copy_project(root: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "node_modules", "*.pyc", ".mypy_cache")
    for part in COPIED:
        source = REPO / part
        if source.is_dir():
            shutil.copytree(source, root / part, ignore=ignore)
        else:
            shutil.copy2(source, root / part)


def package_files(root: Path) -> dict[str, str]:
    """Every file of the copy's package by path, with a hash of its content."""
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in (root / "crafthall").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def environment(root: Path) -> dict[str, str]:
    """The copy's package first on the path, and no bytecode written into it."""
    return {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}


def run(
    root: Path, *args: str, stdin: str = "", timeout: int = 600
) -> subprocess.CompletedProcess[str]:
    """``python args`` in the copy."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=root,
        env=environment(root),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def crafthall(root: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run(root, "-m", "crafthall.cli.main", *args, stdin=stdin)


def made_project(root: Path) -> dict[str, str]:
    """Copy the project into ``root`` and make the game :data:`NAME` there; the package's
    files from before."""
    copy_project(root)
    before = package_files(root)
    made = crafthall(root, "new-game", NAME)
    assert made.returncode == 0, made.stderr
    assert f"crafthall play {NAME}" in made.stdout
    return before

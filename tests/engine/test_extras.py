"""The advice for a missing optional extra is a command that works as written: the running
interpreter's pip and the extra's packages, as pyproject.toml declares them."""

from __future__ import annotations

import shlex
import sys
import tomllib
from pathlib import Path

import pytest

from crafthall.engine.extras import extra_packages, install_command, missing_extra


def declared_extra(extra: str) -> list[str]:
    """The packages of one of crafthall's optional extras, read from pyproject.toml."""
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    declared: list[str] = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ][extra]
    return declared


@pytest.mark.parametrize("extra", ["study", "ray", "research"])
def test_each_extra_names_the_packages_pyproject_declares(extra: str) -> None:
    assert extra_packages(extra) == declared_extra(extra)


def test_the_interpreter_is_shown_relative_to_the_current_folder_when_inside_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    python = tmp_path / "my venv" / "bin" / "python"
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.chdir(tmp_path)
    words = shlex.split(install_command("ray"))
    assert words == ["my venv/bin/python", "-m", "pip", "install", *declared_extra("ray")]
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    elsewhere = shlex.split(str(missing_extra("Ray is not installed", "ray")))
    assert elsewhere[:4] == ["Ray", "is", "not", "installed:"]
    assert elsewhere[4] == str(python)

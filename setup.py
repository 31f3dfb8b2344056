"""Build step beyond pyproject.toml: the rules pages ship inside the package.

``docs/rules/*.md`` stay the one copy in the repository; a build copies them into the built
package as ``crafthall/_rules/`` so ``crafthall rules GAME`` works from an installed wheel.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).resolve().parent / "docs" / "rules"


class BuildWithRules(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "crafthall" / "_rules"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted(RULES.glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


if __name__ == "__main__":  # as the build backend runs it; tests import BuildWithRules
    setup(cmdclass={"build_py": BuildWithRules})

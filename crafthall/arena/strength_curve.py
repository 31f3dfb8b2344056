"""The strength curve of a training run: how often the network-guided search finished ahead of
its yardstick at each strength check, against the hours of training, with 95% intervals.

``crafthall train`` draws it after every check (matplotlib: the ``train`` extra brings it);
docs/bots.md shows the curve of the run that made a shipped model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from crafthall.arena.stats import wilson
from crafthall.engine.extras import missing_extra


def draw_strength_curve(checks: Sequence[dict[str, Any]], title: str, path: Path) -> None:
    """Write the curve of ``checks`` (as a training run keeps them: ``seconds``, ``games``,
    ``ahead``, ``against``) to ``path``, SVG or PNG by its suffix."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise missing_extra("The strength curve needs matplotlib", "train") from None
    figure = Figure(figsize=(7, 3.6), layout="constrained")
    axes = figure.subplots()
    hours = [check["seconds"] / 3600 for check in checks]
    estimates = [wilson(check["ahead"], check["games"]) for check in checks]
    shares = [100 * estimate.mean for estimate in estimates]
    below = [100 * (estimate.mean - estimate.low) for estimate in estimates]
    above = [100 * (estimate.high - estimate.mean) for estimate in estimates]
    against = checks[0]["against"] if checks else "the yardstick"
    axes.errorbar(
        hours, shares, yerr=[below, above], marker="o", capsize=3, color="#4878a8",
        label=f"finished ahead of {against} (95% interval)",
    )  # fmt: skip
    axes.axhline(50, color="#c44", linestyle="dashed", label="level with it")
    axes.set_ylim(0, 100)
    axes.set_xlim(0, 1.05 * max(hours, default=1.0))
    axes.set_xlabel("hours of training (one machine)")
    axes.set_ylabel(f"% of games ahead of {against}")
    axes.set_title(title)
    axes.legend(loc="lower right", fontsize="small")
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)

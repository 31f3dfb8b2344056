"""A study's rows turned into figures with 95% intervals, a sentence under each, and one
self-contained HTML page (plots are PNGs embedded as base64, so it opens offline).

The figures are computed by :func:`analyse` (plain data, also written as ``summary.json``); the
page is drawn by :func:`render_html` with matplotlib (the ``study`` extra, which ``make run``
installs).
"""

from __future__ import annotations

import base64
import html
import io
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from crafthall.arena.stats import (
    Estimate,
    correlation,
    mean_interval,
    proportion_test,
    significance,
    wilson,
    z_test,
)
from crafthall.arena.study import Row, StudyPlan, StudyRows, assignments

MIN_HELD = 20
"""Components held fewer times than this are listed but never called unbalanced."""


@dataclass
class Section:
    title: str
    reading: str
    """One sentence (or two) saying what the figure shows."""
    figure: dict[str, Any]
    """The numbers behind the plot; ``kind`` says how :func:`render_html` draws them."""
    table: list[list[str]] = field(default_factory=list)
    """Header then rows, shown under the plot."""


def _fair(row: Row) -> float:
    return 1 / row["seats"]


def _by(rows: Iterable[Row], *keys: str) -> dict[tuple[Any, ...], list[Row]]:
    groups: dict[tuple[Any, ...], list[Row]] = defaultdict(list)
    for row in rows:
        groups[tuple(row[key] for key in keys)].append(row)
    return dict(sorted(groups.items(), key=lambda item: [str(k) for k in item[0]]))


def _est(estimate: Estimate) -> dict[str, float]:
    return {"mean": estimate.mean, "low": estimate.low, "high": estimate.high, "n": estimate.n}


def _win_rate(rows: Sequence[Row]) -> Estimate:
    return wilson(sum(row["win"] for row in rows), len(rows))


# --- the sections --------------------------------------------------------------------------


def first_player(seats: list[Row]) -> tuple[Section, dict[str, Any]]:
    bars: list[dict[str, Any]] = []
    sentences, summary = [], {}
    for (count, position), rows in _by(seats, "seats", "position").items():
        estimate = _win_rate(rows)
        bars.append(
            {
                "group": f"{count} seats",
                "label": f"seat {position}",
                "fair": 1 / count,
                **_est(estimate),
            }
        )
        if position == 1:
            _, p = proportion_test([row["win"] for row in rows], [1 / count] * len(rows))
            summary[str(count)] = {**_est(estimate), "fair": 1 / count, "p": p}
            edge = estimate.mean - 1 / count
            sentences.append(
                f"At {count} seats the first player wins {estimate.pct()} against a fair "
                f"{1 / count:.1%}, an edge of {edge * 100:+.1f} points, {significance(p)}."
            )
    section = Section(
        "Win rate by seat position",
        " ".join(sentences),
        {"kind": "bars", "bars": bars},
    )
    return section, summary


def by_bot(seats: list[Row]) -> tuple[Section, dict[str, Any]]:
    bars, summary = [], {}
    for (count, bot), rows in _by(seats, "seats", "bot").items():
        estimate = _win_rate(rows)
        bars.append({"group": f"{count} seats", "label": bot, "fair": 1 / count, **_est(estimate)})
        summary[f"{bot}@{count}"] = _est(estimate)
    edges = _by(seats, "bot")
    best = max(edges, key=lambda key: statistics.fmean(r["win"] - _fair(r) for r in edges[key]))
    best_rows = edges[best]
    edge = mean_interval([row["win"] - _fair(row) for row in best_rows])
    reading = (
        f"The {best[0]} bot does best: it wins {edge.mean * 100:+.1f} points (95% CI "
        f"{edge.low * 100:+.1f} to {edge.high * 100:+.1f}) more often than a fair share, "
        "over all seat counts."
        if len(edges) > 1
        else f"Every seat is played by the {best[0]} bot, so this shows only seat counts."
    )
    return (
        Section("Win rate by bot and seat count", reading, {"kind": "bars", "bars": bars}),
        summary,
    )


def closeness(games: list[Row], seats: list[Row]) -> tuple[Section, dict[str, Any]]:
    by_game = _by(seats, "config", "index")
    margins: dict[int, list[float]] = defaultdict(list)
    shared: dict[int, list[float]] = defaultdict(list)
    for rows in by_game.values():
        scores = sorted((row["score"] for row in rows), reverse=True)
        margins[len(rows)].append(scores[0] - scores[1] if len(scores) > 1 else scores[0])
        shared[len(rows)].append(float(sum(row["rank"] == 1 for row in rows) > 1))
    summary, sentences = {}, []
    for count in sorted(margins):
        margin = mean_interval(margins[count])
        tie = wilson(sum(shared[count]), len(shared[count]))
        summary[str(count)] = {"margin": _est(margin), "shared_win": _est(tie)}
        sentences.append(
            f"At {count} seats the winner leads the runner-up by {margin.num(1)} points "
            f"(median {statistics.median(margins[count]):g}), and {tie.pct()} of games end "
            "in a shared win."
        )
    figure = {
        "kind": "boxes",
        "groups": {f"{count} seats": margins[count] for count in sorted(margins)},
        "ylabel": "winner's lead over the runner-up (points)",
    }
    return Section("How close games are, by seat count", " ".join(sentences), figure), summary


def scores(seats: list[Row]) -> tuple[Section, dict[str, Any]]:
    groups = {
        f"{count} seats, {bot}": [float(row["score"]) for row in rows]
        for (count, bot), rows in _by(seats, "seats", "bot").items()
    }
    summary = {name: _est(mean_interval(values)) for name, values in groups.items()}
    reading = "; ".join(
        f"{name}: mean {mean_interval(values).num(1)}, sd {statistics.pstdev(values):.1f}"
        for name, values in groups.items()
    )
    reading += ". The boxes span the middle half of the scores; the triangles are the means."
    figure = {"kind": "boxes", "groups": groups, "ylabel": "final score"}
    return Section("Score distributions", reading, figure), summary


def length(games: list[Row]) -> tuple[Section, dict[str, Any]]:
    panels: dict[str, list[float]] = {"moves a game": [float(g["moves"]) for g in games]}
    rounds = [float(g["rounds"]) for g in games if g.get("rounds") is not None]
    if rounds:
        panels["rounds a game"] = rounds
    panels["bot seconds a game (CPU)"] = [float(g["bot_seconds"]) for g in games]
    summary = {name: _est(mean_interval(values)) for name, values in panels.items()}
    reading = (
        "; ".join(f"{name}: {mean_interval(values).num(1)}" for name, values in panels.items())
        + ". Bot time is measured, so it varies a little between runs; the rest does not."
    )
    return Section("Game length", reading, {"kind": "hists", "panels": panels}), summary


def seat_facts(seats: list[Row]) -> tuple[Section | None, dict[str, Any]]:
    names = sorted({key for row in seats for key in row if key.startswith("fact_")})
    if not names:
        return None, {}
    bars: list[dict[str, Any]] = []
    summary: dict[str, Any] = {}
    table = [["figure", "mean by bot", "correlation with winning"]]
    for name in names:
        rows = [row for row in seats if row.get(name) is not None]
        r = correlation([float(row[name]) for row in rows], [row["win"] for row in rows])
        label = name.removeprefix("fact_").replace("_", " ")
        bars.append({"group": "", "label": label, **_est(r)})
        means = {
            bot: statistics.fmean(float(row[name]) for row in group)
            for (bot,), group in _by(rows, "bot").items()
        }
        summary[label] = {"correlation": _est(r), "mean_by_bot": means}
        table.append([label, ", ".join(f"{b} {m:.2f}" for b, m in means.items()), r.num(2)])
    strongest = max(bars, key=lambda bar: abs(bar["mean"]))
    reading = (
        f"Of the game's own figures per seat, {strongest['label']} goes most with winning "
        f"(r = {strongest['mean']:.2f}, 95% CI {strongest['low']:.2f} to {strongest['high']:.2f})."
    )
    figure = {"kind": "hbars", "bars": bars, "xlabel": "correlation with the seat's win share"}
    return Section("What goes with winning", reading, figure, table), summary


@dataclass(frozen=True)
class ComponentFigure:
    family: str
    name: str
    rows: int
    """Seat-games where the component was in play (all of them where that is not known)."""
    held: int
    worth: float
    """Mean value where held (points, uses, count)."""
    edge: Estimate
    """Holders' win share minus a fair share."""
    typical: float
    """The same edge over every holder of any component of the family: holding a letter or
    a card usually goes with winning, so a component stands out against its own family."""
    p: float
    """Two-sided p-value of ``edge`` against ``typical``."""

    def sentence(self) -> str:
        return (
            f"{self.family} {self.name}: held in {self.held / self.rows:.1%} of the seat-games "
            "where it is in play "
            f"(worth {self.worth:.1f} when held); holders win {self.edge.mean * 100:+.1f} points "
            f"(95% CI {self.edge.low * 100:+.1f} to {self.edge.high * 100:+.1f}) above a fair "
            f"share, against {self.typical * 100:+.1f} for a typical {self.family}, "
            f"{significance(self.p)}"
        )


def component_figures(rows: list[Row], seat_games: int) -> list[ComponentFigure]:
    """Per component of one family: how often a seat holds it where it is in play, its worth,
    and its holders' edge against a fair share and against the family's."""
    held_rows = [row for row in rows if row["value"] > 0]
    typical = statistics.fmean(r["win"] - _fair(r) for r in held_rows) if held_rows else 0.0
    # A family that also lists the seats not holding a component says where it was in play;
    # otherwise every seat-game of the study counts.
    lists_all = len(held_rows) < len(rows)
    figures = []
    for (family, name), group in _by(rows, "family", "name").items():
        # One entry per seat-game (a letter may be won in several rounds of one game).
        seat_game = {(r["config"], r["index"], r["position"]): r for r in group}
        held = [row for row in seat_game.values() if row["value"] > 0]
        fair = statistics.fmean(_fair(row) for row in held) if held else 0.0
        wins = _win_rate(held)
        _, p = proportion_test([r["win"] for r in held], [_fair(r) + typical for r in held])
        figures.append(
            ComponentFigure(
                family,
                str(name),
                len(seat_game) if lists_all else seat_games,
                len(held),
                statistics.fmean(r["value"] for r in group if r["value"] > 0) if held else 0.0,
                Estimate(wins.mean - fair, wins.low - fair, wins.high - fair, wins.n),
                typical,
                p,
            )
        )
    return figures


def unbalanced(figures: list[ComponentFigure], top: int = 3) -> list[ComponentFigure]:
    """The components whose holders' edge differs most surely from their family's."""
    candidates = [f for f in figures if f.held >= MIN_HELD]
    return sorted(candidates, key=lambda f: f.p)[:top]


def seat_components(family: str, figures: list[ComponentFigure], never: list[str]) -> Section:
    shown = sorted(figures, key=lambda f: (f.held < MIN_HELD, f.p))[:15]
    bars = [
        {"group": "", "label": f"{f.name} (held {f.held / f.rows:.0%})", **_est(f.edge)}
        for f in shown
    ]
    judged = unbalanced(figures, 1)
    reading = (
        f"Most unbalanced: {judged[0].sentence()}."
        if judged
        else f"No component is held {MIN_HELD} times or more: too few games to judge."
    )
    rarest = min(figures, key=lambda f: f.held / f.rows, default=None)
    if rarest is not None and rarest.held:
        rate = wilson(rarest.held, rarest.rows)
        reading += f" Held least often: {rarest.name}, in {rate.pct()} of its seat-games."
    if never:
        reading += f" Never held: {', '.join(never)}."
    table = [["component", "held", "worth when held", "holders' edge", "p vs typical"]] + [
        [
            f.name,
            f"{f.held}/{f.rows}",
            f"{f.worth:.2f}",
            f"{f.edge.mean * 100:+.1f} pts",
            f"{f.p:.3g}",
        ]
        for f in sorted(figures, key=lambda f: f.name)
    ]
    figure = {
        "kind": "hbars",
        "bars": bars,
        "xlabel": f"holders' win share minus a fair share (dashed: a typical {family})",
        "reference": figures[0].typical if figures else 0.0,
    }
    return Section(f"Per component: {family}", reading, figure, table)


def table_components(family: str, rows: list[Row], games: int) -> Section:
    """Facts about the table (a tie rule firing, a spell's length): how often each occurs."""
    groups = _by(rows, "name")
    counts = all(row["value"] == 1 for row in rows)
    bars: list[dict[str, Any]] = []
    for (name,), group in groups.items():
        if counts:  # each row is one occurrence: show the distribution over names
            estimate = wilson(len(group), len(rows))
        else:  # one row per game and name, valued 0 or 1: a rate per game
            estimate = wilson(sum(row["value"] for row in group), len(group))
        bars.append({"group": "", "label": str(name), **_est(estimate)})
    top = max(bars, key=lambda bar: bar["mean"])
    what = "share of all occurrences" if counts else "share of games where it happens"
    reading = (
        f"{family}: the most frequent is {top['label']} at {top['mean']:.1%} "
        f"(95% CI {top['low']:.1%}–{top['high']:.1%}) as a {what}, over {games} games."
    )
    figure = {"kind": "hbars", "bars": bars, "xlabel": what}
    return Section(f"Per component: {family}", reading, figure)


def compare(
    games: list[Row], seats: list[Row], change: dict[str, Any], idle: str | None = None
) -> Section:
    """Configuration B (the change) against A on the same seeds: paired differences;
    ``idle`` is the sentence saying the change changes nothing, read first when given."""
    metrics: dict[str, Callable[[list[Row], Row], float]] = {
        "first player's win share": lambda rows, game: rows[0]["win"],
        "moves a game": lambda rows, game: float(game["moves"]),
        "winner's score": lambda rows, game: float(max(r["score"] for r in rows)),
        "winner's lead": lambda rows, game: _lead(rows),
    }
    seat_rows = _by(seats, "config", "index")
    per_config: dict[str, dict[int, dict[str, float]]] = defaultdict(dict)
    for game in games:
        rows = sorted(seat_rows[game["config"], game["index"]], key=lambda r: r["position"])
        per_config[game["config"]][game["index"]] = {
            name: metric(rows, game) for name, metric in metrics.items()
        }
    a, b = per_config["A"], per_config["B"]
    shared = sorted(set(a) & set(b))
    panels, table, sentences = [], [["figure", "A", "B", "B - A (95% CI)", "p"]], []
    for name in metrics:
        diffs = [b[i][name] - a[i][name] for i in shared]
        diff = mean_interval(diffs)
        _, p = z_test(diffs, 0.0)
        mean_a = mean_interval([a[i][name] for i in shared])
        mean_b = mean_interval([b[i][name] for i in shared])
        panels.append({"title": name, "A": _est(mean_a), "B": _est(mean_b), "p": p})
        table.append([name, mean_a.num(2), mean_b.num(2), diff.num(2), f"{p:.3g}"])
        if p < 0.05:
            sentences.append(f"{name} changes by {diff.num(2)} ({significance(p)})")
    label = assignments(change)
    reading = f"B is A with {label}, on the same {len(shared)} seeds and lineups. " + (
        "; ".join(sentences) + "." if sentences else "No figure changes significantly."
    )
    if idle:
        reading = f"{idle} {reading}"
    return Section(f"Compared: {label}", reading, {"kind": "pairs", "panels": panels}, table)


def _lead(rows: list[Row]) -> float:
    top = sorted((r["score"] for r in rows), reverse=True)
    return float(top[0] - top[1]) if len(top) > 1 else float(top[0])


# --- putting it together ---------------------------------------------------------------------


@dataclass
class Report:
    title: str
    headline: list[str]
    sections: list[Section]
    summary: dict[str, Any]


def analyse(plan: StudyPlan, rows: StudyRows, change: dict[str, Any] | None = None) -> Report:
    games = [row for row in rows.games if row["config"] == "A"]
    seats = [row for row in rows.seats if row["config"] == "A"]
    components = [row for row in rows.components if row["config"] == "A"]
    sections: list[Section] = []
    summary: dict[str, Any] = {"plan": asdict(plan), "games": len(games)}
    for key, build in (
        ("first_player", first_player),
        ("bots", by_bot),
        ("scores", scores),
    ):
        section, found = build(seats)
        sections.append(section)
        summary[key] = found
    section, summary["closeness"] = closeness(games, seats)
    sections.insert(2, section)
    section, summary["length"] = length(games)
    sections.append(section)
    facts_section, summary["seat_facts"] = seat_facts(seats)
    if facts_section is not None:
        sections.append(facts_section)
    all_figures: list[ComponentFigure] = []
    for (family,), group in _by(components, "family").items():
        if group[0]["position"] is None:
            sections.append(table_components(family, group, len(games)))
            continue
        figures = component_figures(group, len(seats))
        all_figures.extend(figures)
        never = sorted(f.name for f in figures if f.held == 0)
        sections.append(seat_components(family, figures, never))
    worst = unbalanced(all_figures)
    summary["unbalanced"] = [
        {**asdict(f), "edge": _est(f.edge), "sentence": f.sentence()} for f in worst
    ]
    idle = plan.idle_change(change) if change else None
    if change:
        sections.append(compare(rows.games, rows.seats, change, idle))
    headline = [sections[0].reading, *filter(None, [idle])]
    headline += [f"Unbalanced component: {f.sentence()}." for f in worst]
    bots = " vs ".join(plan.bots)
    title = (
        f"{plan.game}: {len(games)} games, {bots}, seats {', '.join(map(str, plan.seat_counts))}"
    )
    return Report(title, headline, sections, summary)


# --- drawing -----------------------------------------------------------------------------------


def render_html(report: Report) -> str:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(report.title)}</h1><h2>Read this first</h2><ul>",
        *(f"<li>{html.escape(line)}</li>" for line in report.headline),
        "</ul>",
    ]
    for section in report.sections:
        parts.append(f"<section><h2>{html.escape(section.title)}</h2>")
        parts.append(f"<img alt='{html.escape(section.title)}' src='{_png(section.figure)}'>")
        parts.append(f"<p class='reading'>{html.escape(section.reading)}</p>")
        if section.table:
            head, *body = section.table
            parts.append("<table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head))
            for line in body:
                parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line))
            parts.append("</table>")
        parts.append("</section>")
    parts.append(
        "<p class='note'>Intervals are 95%: Wilson for win rates, normal for means, Fisher for "
        "correlations; shared wins count as a share. Raw rows: games, seats and components "
        "(.csv, and .parquet with pyarrow) next to this page.</p></body></html>"
    )
    return "\n".join(parts)


_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
img{max-width:100%} .reading{font-style:italic;margin-top:.2rem}
table{border-collapse:collapse;font-size:.85rem} td,th{border:1px solid #ccc;padding:.15rem .5rem}
section{margin-bottom:2.5rem} .note{color:#666;font-size:.85rem}
"""


def _png(figure: dict[str, Any]) -> str:
    from matplotlib.figure import Figure

    kind = figure["kind"]
    height = 3.6
    if kind == "hbars":
        height = max(2.0, 0.32 * len(figure["bars"]) + 1.2)
    canvas = Figure(figsize=(8, height), layout="constrained")
    DRAW[kind](canvas, figure)
    buffer = io.BytesIO()
    canvas.savefig(buffer, format="png", dpi=90)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _error(estimate: dict[str, float]) -> list[list[float]]:
    """Error-bar lengths below and above the mean (never negative from rounding)."""
    mean = estimate["mean"]
    return [[max(0.0, mean - estimate["low"])], [max(0.0, estimate["high"] - mean)]]


def _bars(canvas: Any, figure: dict[str, Any]) -> None:
    axes = canvas.subplots()
    bars = figure["bars"]
    groups = list(dict.fromkeys(bar["group"] for bar in bars))
    x = 0.0
    ticks, labels = [], []
    for group in groups:
        members = [bar for bar in bars if bar["group"] == group]
        start = x
        for bar in members:
            error = _error(bar)
            axes.bar(x, bar["mean"], yerr=error, capsize=3, color="#4878a8")
            axes.hlines(bar["fair"], x - 0.4, x + 0.4, colors="#c44", linestyles="dashed")
            ticks.append(x)
            labels.append(bar["label"])
            x += 1
        axes.text(
            (start + x - 1) / 2, -0.22, group, ha="center", transform=axes.get_xaxis_transform()
        )
        x += 0.8
    axes.set_xticks(ticks, labels, rotation=30, ha="right", fontsize=8)
    axes.set_ylabel("win rate (dashed: fair share)")


def _hbars(canvas: Any, figure: dict[str, Any]) -> None:
    axes = canvas.subplots()
    bars = figure["bars"]
    ys = list(range(len(bars)))[::-1]
    for y, bar in zip(ys, bars, strict=True):
        error = _error(bar)
        axes.barh(y, bar["mean"], xerr=error, capsize=3, color="#4878a8")
    axes.set_yticks(ys, [bar["label"] for bar in bars], fontsize=8)
    axes.axvline(0, color="#444", linewidth=0.8)
    if "reference" in figure:
        axes.axvline(figure["reference"], color="#c44", linestyle="dashed")
    axes.set_xlabel(figure["xlabel"])


def _boxes(canvas: Any, figure: dict[str, Any]) -> None:
    axes = canvas.subplots()
    groups = figure["groups"]
    axes.boxplot(list(groups.values()), tick_labels=list(groups), showmeans=True)
    axes.tick_params(axis="x", labelrotation=20, labelsize=8)
    axes.set_ylabel(figure["ylabel"])


def _hists(canvas: Any, figure: dict[str, Any]) -> None:
    panels = figure["panels"]
    for axes, (name, values) in zip(canvas.subplots(1, len(panels)), panels.items(), strict=True):
        axes.hist(values, bins=30, color="#4878a8")
        axes.set_title(name, fontsize=9)


def _pairs(canvas: Any, figure: dict[str, Any]) -> None:
    panels = figure["panels"]
    for axes, panel in zip(canvas.subplots(1, len(panels)), panels, strict=True):
        for x, key in enumerate(("A", "B")):
            est = panel[key]
            error = _error(est)
            axes.bar(x, est["mean"], yerr=error, capsize=3, color=("#4878a8", "#d08040")[x])
        axes.set_xticks([0, 1], ["A", "B"])
        axes.set_title(f"{panel['title']}\np = {panel['p']:.3g}", fontsize=8)


DRAW: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "bars": _bars,
    "hbars": _hbars,
    "boxes": _boxes,
    "hists": _hists,
    "pairs": _pairs,
}

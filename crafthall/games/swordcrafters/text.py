"""Sword Crafters in the terminal: the grid with its cuts, the swords side by side, the magic."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts
from crafthall.games.entry import Board, TextUI
from crafthall.games.swordcrafters.components import BLANK, FIRST_TILE, components

CELL = 5
FIRST_SYMBOL = "*"

RULES: tuple[str, ...] = (
    "Each round a new grid of tiles is laid, then sliced, selected and crafted; the game ends "
    "when the pile cannot lay a whole grid.",
    "Slice: in turn from the first player, cut one grouping in two with a straight line along "
    "the grid lines, from edge to edge. A grouping may be a single tile (2 tiles or more when "
    "the table plays the published rule, as long as a slice can keep that), but never the "
    "first-player tile alone: it is no sword tile, so it keeps at least one with it.",
    "Select: in the same order, take one grouping; the one left over goes back to the box. "
    "Whoever takes the first-player tile is first player next round; if it is left over, the "
    "first player passes to the next seat.",
    "Craft: from the first player on, each player slots all the tiles they took, one at a time, "
    "on the tip of any of their sword's 4 sides. Tiles never move, so the order you slot them "
    "decides the runs.",
    "With 2 players each slices twice and selects twice, in turn, and one of 5 groupings is "
    "left over.",
    "Scoring at the end: 10 VP for the longest sword (the most tiles on one side; ties all "
    "score); quality 5 x (run - 1) VP for the longest run of one gem on a side (a blank tile "
    "breaks a run); each of the 3 Sword Magic cards 9/6/3 VP by most tiles of its two gems "
    "(tied players share their places' points, rounded down; a sword with none of its two "
    "gems takes no place).",
    "Gems: R red, B blue, G green, Y yellow, P purple, O orange; a blank tile has none.",
)
"""The rules in a few short sentences, for every front end (the terminal's help too)."""

REMINDERS: tuple[str, ...] = (
    *RULES,
    "On the page, click a corner point, then another on the same line to cut (Esc cancels); "
    "click a grouping to take it; click a tile in your hand, then the + on a side of your sword.",
)
""":data:`RULES` and how the browser page is played, shown beside the board."""

COMMANDS = """\
Slice phase  - cut a grouping along a grid line (numbers round the grid are line numbers):
  A v2        cut grouping A along vertical line 2
  B h1        cut grouping B along horizontal line 1
  v2          the same when only one grouping lies across that line
  0,2 3,2     a slice from grid point y 0, x 2 to grid point y 3, x 2
Select phase - take a grouping:   take B   (or just B)
Craft phase  - slot a tile on the tip of a side (1-4):   R 2   (a red tile on side 2), - 3 (blank)
On the grid, * is the first-player tile and - a blank tile."""


def gem_text(gem: str | None) -> Text:
    data = components()
    if gem is None:
        return Text(" ")
    if gem == FIRST_TILE:
        return Text(FIRST_SYMBOL, style="bold white on dark_red")
    return Text(data.letters[gem], style=data.colours[gem])


def unreadable(example: str) -> IllegalAction:
    return IllegalAction("unreadable-input", f"I could not read that; try for example: {example}.")


class SwordCraftersText(TextUI):
    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.names[seat]

    # --- drawing ---------------------------------------------------------------------------

    def render(self, view: View, seat: int | None) -> RenderableType:
        active = ", ".join(self.name(s) for s in view["active"]) or "nobody"
        head = Text.assemble(
            ("Sword Crafters", "bold"),
            f"  round {view['round']}  {view['phase']} phase  turn: {active}  "
            f"first player: {self.name(view['first'])}  pile: {view['pile']}  box: {view['box']}\n",
            (view["prompt"], "italic"),
        )
        swords = Columns([self.sword(view, s) for s in self.sword_order(view, seat)])
        if view["phase"] in ("slice", "select"):
            board = Board(head, Panel(self.grid(view), title="Grid", expand=False))
            return Group(board, swords, self.magic(view), self.legend())
        return Group(Board(head, swords), self.magic(view), self.legend())

    def sword_order(self, view: View, seat: int | None) -> list[int]:
        """The seats whose swords are drawn, the viewer's first: in the craft phase it is the
        board they act on, and it stays in view on a short screen."""
        seats = list(range(view["seats"]))
        return seats if seat is None else [seat, *(s for s in seats if s != seat)]

    def grid(self, view: View) -> RenderableType:
        grid = view["grid"]
        rows, cols = grid["rows"], grid["cols"]
        labels: dict[tuple[int, int], str] = {}
        for group in grid["groups"]:
            if group["taker"] is not None:
                continue
            top, left, bottom, right = group["rect"]
            for r in range(top, bottom):
                for c in range(left, right):
                    labels[(r, c)] = group["label"]

        def gid(r: int, c: int) -> str | None:
            return labels.get((r, c)) if 0 <= r < rows and 0 <= c < cols else None

        def cut_h(y: int, x: int) -> bool:  # the edge above cell (y, x)
            a, b = gid(y - 1, x), gid(y, x)
            return (a is not None or b is not None) and a != b

        def cut_v(y: int, x: int) -> bool:  # the edge left of cell (y, x)
            a, b = gid(y, x - 1), gid(y, x)
            return (a is not None or b is not None) and a != b

        out = Text()
        ruler = "   " + "".join(str(x).ljust(CELL + 1) for x in range(cols + 1))
        out.append(ruler.rstrip() + "\n", style="dim")
        for y in range(rows + 1):
            out.append(f"{y:>2} ", style="dim")
            for x in range(cols + 1):
                near = [cut_h(y, x - 1), cut_h(y, x), cut_v(y - 1, x), cut_v(y, x)]
                out.append("+" if any(near) else " ", style="bold")
                if x < cols:
                    out.append(("━" if cut_h(y, x) else " ") * CELL, style="bold")
            out.append("\n")
            if y == rows:
                break
            out.append("   ")
            for x in range(cols + 1):
                out.append("┃" if cut_v(y, x) else " ", style="bold")
                if x < cols:
                    label = gid(y, x)
                    if label is None:
                        out.append(" " * CELL)
                    else:
                        out.append(f" {label} ", style="dim")
                        out.append(gem_text(grid["cells"][y][x]))
                        out.append(" ")
            out.append("\n")
        out.rstrip()
        layout = Table.grid(padding=(0, 3))
        layout.add_row(out, self.groupings(view))
        return layout

    def groupings(self, view: View) -> Text:
        """The groupings, one a line, beside the grid's picture rather than under it: the
        grid and what can be taken fit a 24-line screen."""
        out = Text()
        for group in view["grid"]["groups"]:
            line = Text(f"{group['label']}: ")
            if group["taker"] is not None:
                line.append(f"taken by {self.name(group['taker'])}", style="dim")
            else:
                for gem in group["tiles"]:
                    line.append_text(gem_text(gem))
                    line.append(" ")
                if group["first_player_tile"]:
                    line.append_text(gem_text(FIRST_TILE))
                count = len(group["tiles"])
                line.append(f" ({count} sword tile{'' if count == 1 else 's'})", style="dim")
            out.append_text(line)
            out.append("\n")
        out.rstrip()
        return out

    def sword(self, view: View, seat: int) -> RenderableType:
        sword = view["swords"][seat]
        table = view["score_table"]
        height = max(len(side) for side in sword)
        body = Text()
        for level in range(height, 0, -1):
            body.append(f"{level:>2} ", style="dim")
            for side in sword:
                body.append(" ")
                body.append_text(gem_text(side[level - 1]) if len(side) >= level else Text("."))
                body.append(" ")
            body.append("\n")
        body.append("   ═1══2══3══4═ hilt\n", style="dim")
        if view["hands"][seat]:
            body.append("to slot: ")
            for gem in view["hands"][seat]:
                body.append_text(gem_text(gem))
                body.append(" ")
            body.append("\n")
        magic = " ".join(f"+{points[seat]}" for points in table["magic"])
        body.append(
            f"length {table['lengths'][seat]} +{table['longest'][seat]}\n"
            f"quality {table['quality_runs'][seat]} +{table['quality'][seat]}\n"
            f"magic {magic}\n",
        )
        body.append(f"score {table['total'][seat]}", style="bold")
        marks = " *" if view["first"] == seat else ""
        style = "green" if seat in view["active"] else "white"
        return Panel(body, title=f"{self.name(seat)}{marks}", border_style=style, expand=False)

    def magic(self, view: View) -> RenderableType:
        table = Table(title="Sword Magic: 9/6/3 VP", show_edge=False)
        table.add_column("card")
        for seat in range(view["seats"]):
            table.add_column(self.name(seat), justify="right")
        for card in view["magic"]:
            text = Text("Most ")
            text.append_text(gem_text(card["gems"][0]))
            text.append(" + ")
            text.append_text(gem_text(card["gems"][1]))
            cells = [f"{n} gems +{p}" for n, p in zip(card["counts"], card["points"], strict=True)]
            table.add_row(text, *cells)
        return table

    def legend(self) -> Text:
        data = components()
        text = Text("Gems: ", style="dim")
        for gem in (*data.gems, BLANK):
            text.append_text(gem_text(gem))
            text.append(f" {gem}  ", style="dim")
        text.append_text(gem_text(FIRST_TILE))
        text.append(" first-player tile", style="dim")
        return text

    # --- reading ---------------------------------------------------------------------------

    def parse(self, text: str, view: View, seat: int) -> Action:
        words = text.strip().lower().replace(",", " , ").split()
        phase = view["phase"]
        if words and words[0] in ("cut", "slice", "take", "place", "slot"):
            words = words[1:]
        if phase == "slice":
            return self.parse_slice(" ".join(words), view)
        if phase == "select":
            if len(words) == 1 and len(words[0]) == 1 and words[0].isalpha():
                return {"type": "take", "group": words[0].upper()}
            raise unreadable("take B")
        if phase == "craft":
            return self.parse_place(words)
        raise IllegalAction("unreadable-input", "The game is over; there is nothing to do.")

    def parse_slice(self, text: str, view: View) -> Action:
        points = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*-?\s*(\d+)\s*,\s*(\d+)\s*", text)
        if points:
            y0, x0, y1, x1 = (int(n) for n in points.groups())
            return {"type": "slice", "from": [y0, x0], "to": [y1, x1]}
        short = re.fullmatch(r"\s*(?:([a-z])\s+)?([vh])\s*(\d+)\s*", text)
        if not short:
            raise unreadable("A v2 (cut grouping A along vertical line 2)")
        name, axis, number = short.group(1), short.group(2), int(short.group(3))
        vertical = axis == "v"
        crossing = [
            group
            for group in view["grid"]["groups"]
            if group["taker"] is None
            and (
                group["rect"][1] < number < group["rect"][3]
                if vertical
                else group["rect"][0] < number < group["rect"][2]
            )
        ]
        if name is not None:
            chosen = [g for g in view["grid"]["groups"] if g["label"].lower() == name]
            if not chosen:
                raise IllegalAction(
                    "unreadable-input",
                    f"There is no grouping {name.upper()}; try for example: A v2.",
                )
            rect = chosen[0]["rect"]
        elif len(crossing) == 1:
            rect = crossing[0]["rect"]
        else:
            raise unreadable(f"A {axis}{number} (name the grouping to cut)")
        if vertical:
            return {"type": "slice", "from": [rect[0], number], "to": [rect[2], number]}
        return {"type": "slice", "from": [number, rect[1]], "to": [number, rect[3]]}

    def parse_place(self, words: list[str]) -> Action:
        joined = "".join(words)
        match = re.fullmatch(r"([a-z]+|-)(\d)", joined)
        if not match:
            raise unreadable("R 2 (slot a red tile on side 2)")
        token, side = match.group(1), int(match.group(2))
        data = components()
        gem: str | None
        if token in (*data.gems, BLANK):
            gem = token
        elif token == "-":
            gem = BLANK
        else:
            gem = data.gem_by_letter(token) if len(token) == 1 else None
        if gem is None:
            raise unreadable("R 2 (gems: R B G Y P O, - for blank)")
        return {"type": "place", "gem": gem, "side": side}

    def help(self) -> str:
        """What to type, then the rules' reminders (the same sentences every front end shows)."""
        return "\n".join((COMMANDS, "", *RULES))

    # --- the log ---------------------------------------------------------------------------

    def say(self, seat: int | None, event: Event) -> str | None:
        """The sentence of a Sword Crafters event, the same in every front end. Every event is
        public (the grid, the hands and the swords lie face up; the pile's order is never in
        an event), so each says all it holds."""
        wording = self._WORDINGS.get(event["type"])
        if wording is None:
            return super().say(seat, event)
        return wording(self, self.name(event.get("seat", seat)), event)

    def _sliced(self, name: str, event: Event) -> str:
        (y0, x0), (y1, x1) = event["from"], event["to"]
        line = f"vertical line {x0}" if x0 == x1 else f"horizontal line {y0}"
        return (
            f"{acts(name, 'slices')} along {line}, from point {y0},{x0} to point {y1},{x1}: "
            f"{event['groupings']} groupings now."
        )

    def _took(self, name: str, event: Event) -> str:
        extra = " and the first-player tile" if event["first_player_tile"] else ""
        return (
            f"{acts(name, 'takes')} grouping {event['group']}: {tiles_text(event['gems'])}{extra}."
        )

    def _returned(self, name: str, event: Event) -> str:
        nobody = "; nobody took the first-player tile" if event["first_player_tile"] else ""
        return (
            f"Grouping {event['group']} is left over and goes back to the box: "
            f"{tiles_text(event['gems'])}{nobody}."
        )

    def _first_player(self, name: str, event: Event) -> str:
        return f"{name} will be first player next round."

    def _placed(self, name: str, event: Event) -> str:
        return (
            f"{acts(name, 'slots')} {with_article(event['gem'])} tile on side {event['side']} "
            f"(level {event['level']})."
        )

    def _round(self, name: str, event: Event) -> str:
        first = self.name(event["first"])
        return f"Round {event['round']} begins with a new grid; {acts(first, 'is')} first player."

    def _game_over(self, name: str, event: Event) -> str:
        scores = ", ".join(
            f"{self.name(seat)} {score}" for seat, score in enumerate(event["scores"])
        )
        return f"No full grid can be laid: the game is over. Scores: {scores}."

    _WORDINGS: ClassVar[dict[str, Callable[[SwordCraftersText, str, Event], str]]] = {
        "sliced": _sliced,
        "took": _took,
        "returned": _returned,
        "first_player": _first_player,
        "placed": _placed,
        "round": _round,
        "game_over": _game_over,
    }


def with_article(gem: str) -> str:
    """``a red``, ``an orange``: a gem's name as a sentence says one tile of it."""
    return f"{'an' if gem[0] in 'aeiou' else 'a'} {gem}"


def tiles_text(gems: list[str]) -> str:
    """Tiles named in full ("red, red, blank"), for a sentence any front end shows."""
    return ", ".join(gems) or "no sword tiles"

"""Enchanted Grid in a terminal: the grid in card colours, zones, face-down cards, claims."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts, whose
from crafthall.games.enchanted_grid.play import name_of
from crafthall.games.enchanted_grid.rules import EnchantedGrid
from crafthall.games.entry import Board, TextUI

CARD_STYLES = {
    "blue": "bold white on blue",
    "red": "bold white on red3",
    "grey": "bold black on grey70",
    "green": "bold black on green3",
}
ZONE_STYLES = {"blue": "blue", "red": "red3", "grey": "grey70", "green": "green3"}
SEAT_STYLES = ["bold dark_orange", "bold cyan", "bold magenta", "bold yellow"]

REMINDERS: tuple[str, ...] = (
    "On your turn play one card from your hand onto the grid, left of, right of, above or under "
    "a card (the first card goes on the starting spot, 0,0), then draw a card while the deck "
    "lasts.",
    "Words read left to right and top to bottom; each run of cards counts only its longest "
    "word, 2 letters or more. At a table that reads columns either way, a column also reads "
    "bottom to top: the longer word counts, the upward one on equal length.",
    "Every word your card creates is claimed for you; a claimed word it spoils is struck off. "
    "A card over the same letter spoils nothing: the word stays with its owner.",
    "A face-up Enchanter makes its 8 surrounding cells a zone of its colour, where a card of "
    "that colour has a power: blue is placed, then swaps with a card of the Enchanter's 3 x 3 "
    "square; red covers a card (or the red Enchanter itself); grey goes face down; green goes "
    "between two cards and pushes the line.",
    "A round ends after 14 cards (the table may set another number) or when no one holds a "
    "card: face-down cards turn up and claim for whoever placed them, then the standing "
    "claimed words are won, a shared letter going to the longer word (the later claim on a "
    "tie).",
    "When the deck and every hand are empty, take turns claiming a word left on the grid, or "
    "pass, until no word is left or everyone passes in a row. Most cards won wins.",
    "On the page, pick a card in your hand, choose how to play it (place, face down, swap, "
    "overwrite, insert), then click a cell.",
)
"""The rules in a few short sentences, beside the board in every front end and in the
terminal's help."""

COMMANDS = """\
Cells are x,y: x grows to the right, y grows downwards. A card is named by its letter
(S), by colour and letter (red S) when two differ, or by its number in your hand (#2).
  place S 1,0              put S on an empty cell next to a card (the first card: 0,0)
  place grey N -1,1 down   a grey card in a grey zone, face down
  place D 1,1 swap 0,0     a blue card in a blue zone, then swap it with a card there
  overwrite G 1,0          a red card on top of a card in a red zone, or of a red Enchanter
  insert H 0,0 right       a green card in a green zone, pushing cards left/right/up/down
  claim 0,0 across         (final scramble) take the word starting at 0,0 (across or down)
  pass                     (final scramble) pass
  help                     this help;  quit  stop the game (the record is kept)
Zones are the 8 cells around a face-up Enchanter (* on the grid), drawn as dots in its colour
(a dot just right of a card: that card is in the zone, so red may overwrite it, green insert)."""

EITHER_HELP = """\
At this table columns read either way: claim a word read up a column from its first letter,
the bottom one: claim 1,2 up."""


def reminder_lines() -> str:
    """The reminders as the terminal's help shows them: a dash each, wrapped."""
    return "\n".join(
        textwrap.fill(line, width=92, initial_indent="- ", subsequent_indent="  ")
        for line in REMINDERS
    )


CELL_RE = r"(-?\d+)\s*,\s*(-?\d+)"


def _zone_mark(zone: list[str]) -> Text:
    """One character: a dot in the zone's colour, a magenta + where zones overlap."""
    if not zone:
        return Text(" ")
    if len(zone) == 1:
        return Text("·", style=ZONE_STYLES[zone[0]])
    return Text("+", style="magenta")


def _cell_text(cell: dict[str, Any] | None, zone: list[str]) -> Text:
    """Five characters: a card (letter, * for an Enchanter, ' when cards lie under it) and its
    zone mark; an empty cell shows only its zone mark, centred."""
    if cell is None:
        return Text.assemble("  ", _zone_mark(zone), "  ")
    under = "'" if cell["under"] else " "
    if cell["face_down"]:
        if "card" in cell:
            face = Text(f" {cell['card']['letter'].lower()}?{under}", style="black on grey50")
        else:
            face = Text(f" ▒▒{under}", style="black on grey50")
    else:
        card = cell["card"]
        mark = "*" if card["enchanter"] else " "
        face = Text(f" {card['letter']}{mark}{under}", style=CARD_STYLES[card["colour"]])
    return Text.assemble(face, _zone_mark(zone))


def card_name(card: dict[str, Any]) -> str:
    return f"{card['colour']} {card['letter']}" + ("*" if card["enchanter"] else "")


# --- the log: one sentence per public event --------------------------------------------------


def _spot(at: list[int]) -> str:
    """A cell as the player types it: '1,0'."""
    return f"{at[0]},{at[1]}"


def _shown(card: dict[str, Any]) -> str:
    """A face-up card in a sentence: 'the grey U Enchanter'."""
    return name_of(card["id"])


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _played(name: str, event: Event, names: Sequence[str]) -> str:
    """A card played; a face-down one names neither its letter (only its placer knows it) nor
    anything but its colour, which the power tells everyone (only grey goes face down)."""
    at = _spot(event["at"])
    how = event["how"]
    if how == "face-down":
        return f"{acts(name, 'places')} a grey card face down at {at}."
    card = _shown(event["card"])
    if how == "swap":
        swapped = _spot(event["swap"])
        return f"{acts(name, 'places')} {card} at {at} and swaps it with the card at {swapped}."
    if how == "overwrite":
        return f"{acts(name, 'covers')} the card at {at} with {card}."
    if how == "insert":
        return f"{acts(name, 'inserts')} {card} at {at}, pushing the line {event['push']}."
    return f"{acts(name, 'places')} {card} at {at}."


def _claimed(name: str, event: Event, names: Sequence[str]) -> str:
    return f"{acts(name, 'claims')} {event['word']} ({event['direction']})."


def _broken(name: str, event: Event, names: Sequence[str]) -> str:
    return f"{whose(name)} {event['word']} is broken."


def _revealed(name: str, event: Event, names: Sequence[str]) -> str:
    return f"The face-down card at {_spot(event['at'])} is turned up: {_shown(event['card'])}."


def _awarded(name: str, event: Event, names: Sequence[str]) -> str:
    return f"{acts(name, 'wins')} {event['word']} ({_cards(event['cards'])})."


def _round_end(name: str, event: Event, names: Sequence[str]) -> str:
    return f"Round {event['round']} ends."


def _scramble(name: str, event: Event, names: Sequence[str]) -> str:
    return "The final scramble begins: in turn, claim a word on the grid or pass."


def _passed(name: str, event: Event, names: Sequence[str]) -> str:
    return f"{acts(name, 'passes')}."


def _game_over(name: str, event: Event, names: Sequence[str]) -> str:
    piles = ", ".join(
        f"{player} {_cards(count)}" for player, count in zip(names, event["scores"], strict=True)
    )
    return f"Game over: {piles}."


SAYINGS: dict[str, Callable[[str, Event, Sequence[str]], str]] = {
    "played": _played,
    "claimed": _claimed,
    "broken": _broken,
    "revealed": _revealed,
    "awarded": _awarded,
    "round-end": _round_end,
    "scramble": _scramble,
    "passed": _passed,
    "game-over": _game_over,
}
"""Each event type's sentence, from the name of the player it is about (its own ``seat``: who
played, claimed, passed, won, or whose word broke), the event and every player's name."""


class EnchantedGridText(TextUI):
    game: EnchantedGrid

    def private_between_seats(self) -> bool:
        return True

    # --- drawing ---------------------------------------------------------------------------

    def render(self, view: View, seat: int | None) -> RenderableType:
        """The words and players above, the grid with the hand under it: the board a player
        acts on, kept in view together on a short screen."""
        parts: list[RenderableType] = [self._header(view), self._claims(view)]
        if view["last_round"]:
            won = ", ".join(
                f"{a['word']} to {self.names[a['seat']]} ({a['cards']})" for a in view["last_round"]
            )
            parts.append(Text(f"Last round: {won}", style="dim"))
        parts.append(self._players(view))
        board: list[RenderableType] = [self._grid(view)]
        if seat is not None and view["hand"]:
            hand = Text("Your hand: ")
            for number, card in enumerate(view["hand"], start=1):
                hand.append(f"#{number} ")
                mark = "*" if card["enchanter"] else " "
                hand.append(f" {card['letter']}{mark}", style=CARD_STYLES[card["colour"]])
                hand.append(f" {card['colour']}  ")
            board.append(hand)
        if view["prompt"]:
            board.append(Text(view["prompt"], style="italic"))
        return Group(*parts, Board(*board))

    def _header(self, view: View) -> Text:
        text = Text("Enchanted Grid", style="bold")
        if view["phase"] == "play":
            text.append(
                f" · round {view['round']} · card {view['counter']} of {view['round_cards']}"
                f" · deck {view['deck']}"
            )
        elif view["phase"] == "scramble":
            text.append(" · final scramble")
        else:
            text.append(" · game over")
        for seat in view["active"]:
            text.append(" · turn: ")
            text.append(self.names[seat], style=SEAT_STYLES[seat % 4])
        return text

    def _grid(self, view: View) -> RenderableType:
        cells = {tuple(c["at"]): c for c in view["grid"]}
        zones = {tuple(z["at"]): z["colours"] for z in view["zones"]}
        spots = list(cells) + list(zones)
        if not spots:
            return Text("(the grid is empty: the first card goes on 0,0)", style="dim")
        xs = [x for x, _ in spots]
        ys = [y for _, y in spots]
        left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        # Each cell is five characters with its letter second: the number ends under it.
        ruler = "".join(f"{x:>2}".ljust(5) for x in range(left, right + 1))
        lines = [Text(("     " + ruler).rstrip(), style="dim")]
        for y in range(top, bottom + 1):
            line = Text()
            line.append(f"{y:>4} ", style="dim")  # dim the label only, not the cards
            for x in range(left, right + 1):
                line.append_text(_cell_text(cells.get((x, y)), zones.get((x, y), [])))
            lines.append(line)
        lines.append(Text("* Enchanter   ' cards under it   ▒▒ face down", style="dim"))
        lines.append(
            Text(
                "· zone in its colour (right of a card: that card is in it)   + zones overlap",
                style="dim",
            )
        )
        return Group(*lines)

    def _claims(self, view: View) -> Text:
        text = Text("Words Created: ")
        if not view["claims"]:
            text.append("none yet", style="dim")
        for claim in view["claims"]:
            text.append(claim["word"], style=SEAT_STYLES[claim["seat"] % 4])
            text.append(f" ({self.names[claim['seat']]})  ")
        return text

    def _players(self, view: View) -> Table:
        table = Table(show_header=True, box=None)
        for column in ("Player", "Cards won", "Pending", "Hand"):
            table.add_column(column, justify="left" if column == "Player" else "right")
        for seat, name in enumerate(self.names):
            table.add_row(
                Text(name, style=SEAT_STYLES[seat % 4]),
                str(view["scores"][seat]),
                str(view["pending"][seat]),
                str(view["hand_sizes"][seat]),
            )
        return table

    # --- reading input ---------------------------------------------------------------------

    def help(self) -> str:
        """What to type and how the screen marks zones, then the rules' reminders (the same
        sentences every front end shows)."""
        either = (EITHER_HELP,) if self.game.options.reading == "either" else ()
        return "\n".join((COMMANDS, *either, "", reminder_lines()))

    def parse(self, text: str, view: View, seat: int) -> Action:
        words = text.strip()
        lower = words.lower()
        if lower == "pass":
            return {"type": "pass"}
        claim = re.fullmatch(rf"claim\s+{CELL_RE}\s+(across|down|up)", lower)
        if claim:
            x, y, direction = claim.groups()
            return {"type": "claim", "at": [int(x), int(y)], "direction": direction}
        move = re.fullmatch(
            rf"(place|overwrite|insert)\s+(.+?)\s+(?:at\s+)?{CELL_RE}(?:\s+(.*))?", lower
        )
        if not move:
            raise IllegalAction(
                "unreadable-input",
                "Type a move such as 'place S 1,0', 'overwrite G 1,0', 'insert H 0,0 right', "
                "'claim 0,0 across' or 'pass' (type 'help' for all).",
            )
        verb, spec, x, y, rest = move.groups()
        action: Action = {"type": verb, "at": [int(x), int(y)]}
        extra = (rest or "").split()
        need = {"overwrite": "red", "insert": "green"}.get(verb)
        if verb == "insert":
            if len(extra) != 1 or extra[0] not in ("left", "right", "up", "down"):
                raise IllegalAction(
                    "unreadable-input",
                    "Say which way the cards are pushed, e.g. 'insert H 0,0 right'.",
                )
            action["push"] = extra[0]
        elif verb == "place" and extra:
            swap = re.fullmatch(rf"swap\s+{CELL_RE}", " ".join(extra))
            if extra == ["down"]:
                action["face_down"] = True
                need = "grey"
            elif swap:
                action["swap"] = [int(swap.group(1)), int(swap.group(2))]
                need = "blue"
            else:
                raise IllegalAction(
                    "unreadable-input",
                    "After the cell, 'place' takes 'down' (grey card) or 'swap x,y' (blue card), "
                    "e.g. 'place D 1,1 swap 0,0'.",
                )
        elif extra:
            raise IllegalAction(
                "unreadable-input", f"'{verb}' takes a card and a cell, e.g. '{verb} G 1,0'."
            )
        action["card"] = self._pick(spec, view, need)
        return action

    def _pick(self, spec: str, view: View, need: str | None) -> int:
        hand: list[dict[str, Any]] = view["hand"] or []
        tokens = spec.split()
        if len(tokens) == 1 and tokens[0].startswith("#") and tokens[0][1:].isdigit():
            number = int(tokens[0][1:])
            if 1 <= number <= len(hand):
                return int(hand[number - 1]["id"])
            raise IllegalAction("unreadable-input", f"Your hand has cards #1 to #{len(hand)}.")
        letters = [t for t in tokens if len(t) == 1 and t.isalpha()]
        colours = [t for t in tokens if t in CARD_STYLES]
        if len(letters) != 1 or len(tokens) != len(letters) + len(colours):
            raise IllegalAction(
                "unreadable-input",
                f"'{spec}' is not a card: name it by letter (S), colour and letter (red S) or "
                "number in your hand (#2).",
            )
        found = [c for c in hand if c["letter"] == letters[0].upper()]
        if colours:  # a colour named is honoured: never another colour's card instead
            found = [c for c in found if c["colour"] in colours]
            if not found:
                raise IllegalAction(
                    "unreadable-input",
                    f"You have no {' or '.join(colours)} {letters[0].upper()} in hand.",
                )
        elif need is not None and any(c["colour"] == need for c in found):
            found = [c for c in found if c["colour"] == need]
        if not found:
            raise IllegalAction("unreadable-input", f"You have no {letters[0].upper()} in hand.")
        kinds = {(c["colour"], c["enchanter"]) for c in found}
        if len(kinds) > 1:
            raise IllegalAction(
                "unreadable-input",
                f"You have more than one kind of {letters[0].upper()}: "
                f"{', '.join(card_name(c) for c in found)}; name it as '#2' or 'red S'.",
            )
        return int(found[0]["id"])

    # --- the log ---------------------------------------------------------------------------

    def say(self, seat: int | None, event: Event) -> str | None:
        """The sentence of :data:`SAYINGS` for ``event``, naming the player the event is about
        (its own seat, else the mover)."""
        saying = SAYINGS.get(event["type"])
        if saying is None:
            return super().say(seat, event)
        about = event.get("seat", seat)
        name = self.names[about] if about is not None else ""
        return saying(name, event, self.names)

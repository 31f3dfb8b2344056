"""Wordsmith in the terminal: the screen a seat sees, and the commands a person types."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts, agree, whose
from crafthall.games.entry import Board, TextUI
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.rules import Wordsmith

COLOURS = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}
PIECE_WORDS = {
    **{piece: piece for piece in comp.PIECES},
    **{piece[0]: piece for piece in comp.PIECES},
    "long": "red",
    "short": "yellow",
    "large": "blue",
    "big": "blue",
    "small": "green",
}


def pool_text(pool: dict[str, int], short: bool = False) -> Text:
    """'3 red  2 yellow ...', or '3R 2Y 1B 2G' when ``short``."""
    text = Text()
    for piece in comp.PIECES:
        label = (
            f"{pool.get(piece, 0)}{piece[0].upper()} "
            if short
            else f"{pool.get(piece, 0)} {piece}  "
        )
        text.append(label, style=COLOURS[piece])
    return text


def alphabet_table() -> str:
    """The recipes, grouped by identical recipe: 'red:1 -> I' ..."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for symbol, vector in sorted(comp.letter_vectors().items()):
        groups.setdefault(vector, []).append(symbol.upper())
    lines = []
    for vector, symbols in sorted(groups.items(), key=lambda kv: (sum(kv[0]), kv[0])):
        lines.append(f"  {' '.join(symbols):<8} {comp.describe_pieces(comp.as_pool(vector))}")
    return "\n".join(lines)


def _idle_line(view: View) -> str:
    """The status line of a seat with nothing to do (its prompt is empty)."""
    return "The game is over." if view["phase"] == "over" else "Waiting for the other players."


class WordsmithText(TextUI):
    game: Wordsmith
    """The registry entry pairs this screen with Wordsmith's rules, so its options are typed."""

    def render(self, view: View, seat: int | None) -> RenderableType:
        title = f"Wordsmith - challenge {view['challenge']} of {view['challenges']}"
        if view["mode"] == "word-by-word" and view["round"]:
            faces = ", ".join(view["round_roll"])
            title += f" - word {view['round']} (dice: {faces})"
        parts: list[RenderableType] = [Text(title, style="bold")]
        tray = Text(
            "Pieces: R red long straight, Y yellow short straight, B blue large curve, "
            "G green small curve.\nTray: "
        )
        tray.append_text(pool_text(view["tray"]))
        parts.append(tray)
        board: list[RenderableType] = []  # what the players act on, kept in view
        if view["required"]:
            letters = "  ".join(f"{n + 1}:{ch.upper()}" for n, ch in enumerate(view["required"]))
            board.append(Text(f"Required letters: {letters}"))
        if view["done_by"] is not None:
            board.append(Text(f"DONE called by {self.names[view['done_by']]}!", style="bold"))
        table = Table(show_header=True, header_style="bold")
        for column in ("player", "pool", "words", "discards (left)", "bonus", "score", "status"):
            table.add_column(column)
        for other, player in enumerate(view["players"]):
            sheet = player["sheet"]
            words = ", ".join(w.upper() for w in sheet if w) if sheet is not None else "(hidden)"
            table.add_row(
                self.names[other] + (" (you)" if other == seat else ""),
                pool_text(player["pool"], short=True),
                f"{player['words']}: {words}",
                f"{player['discards']} ({player['boxes_left']})",
                str(player["bonus_left"]),
                str(view["scores"][other]),
                player["status"] + (" - choosing a piece" if player["pending"] else ""),
            )
        parts.append(Board(*board, table))
        if view["history"]:
            scores = "; ".join(
                f"challenge {entry['challenge']}: "
                + ", ".join(f"{self.names[s]} {score}" for s, score in enumerate(entry["scores"]))
                for entry in view["history"]
            )
            parts.append(Text(f"Scored: {scores}"))
        parts.append(Text(view["prompt"] or _idle_line(view), style="italic"))
        return Group(*parts)

    def parse(self, text: str, view: View, seat: int) -> Action:
        words = text.strip().split()
        if not words:
            raise IllegalAction("unreadable-input", "Type a command, e.g. 'roll' or 'claim cast'.")
        command, args = words[0].lower(), words[1:]
        if command in {"roll", "r"} and not args:
            return {"type": "roll"}
        if command in {"pass", "p"} and not args:
            return {"type": "pass"}
        if command in {"take", "t"}:
            if len(args) == 1 and args[0].lower() in PIECE_WORDS:
                return {"type": "take", "piece": PIECE_WORDS[args[0].lower()]}
            raise IllegalAction(
                "unreadable-input", "Say which piece to take, e.g. 'take blue' (or 'take b')."
            )
        if command in {"claim", "c"}:
            if not args:
                raise IllegalAction("unreadable-input", "Say which word, e.g. 'claim cast'.")
            command, args = args[0].lower(), args[1:]
        return self._claim(command, args, view, seat)

    def _claim(self, word: str, args: list[str], view: View, seat: int) -> Action:
        action: dict[str, Any] = {"type": "claim", "word": word}
        if not view["required"]:
            if args:
                raise IllegalAction(
                    "unreadable-input", "A claim is one word, e.g. 'claim cast' or just 'cast'."
                )
            return action
        if args:
            if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 6:
                raise IllegalAction(
                    "unreadable-input", "Name the sheet line 1 to 6 after the word: 'cast 2'."
                )
            action["line"] = int(args[0]) - 1
            return action
        sheet = view["players"][seat]["sheet"] or [None] * 6
        free = [line for line in range(6) if sheet[line] is None]
        fitting = [line for line in free if view["required"][line] in word]
        if free:
            action["line"] = (fitting or free)[0]
        return action

    def help(self) -> str:
        return (
            "Commands:\n"
            "  roll (r)            roll your die for a new piece\n"
            "  take blue (t b)     take a piece after a wild or an empty compartment\n"
            "                      (pieces: red/long, yellow/short, blue/large, green/small)\n"
            "  claim cast (c cast) claim a word; a bare word works too: 'cast'\n"
            "                      Advanced Game: 'cast 2' puts it on line 2 (else the first\n"
            "                      free line whose required letter it holds)\n"
            "  pass (p)            race: no more rolls or words until Done (you still get\n"
            "                      the one more word after it); after Done: skip that word;\n"
            "                      Word by Word: skip this word\n"
            "  (Enter)             show the table again (race);  quit  stop the game\n"
            "  To claim a word that is also a command, say 'claim': 'claim pass'.\n"
            "Leftover pieces are discarded with each claim (12 discard boxes; the last 6 are\n"
            "worth a point each if unchecked).\n"
            "Alphabet (letters with the same pieces share a line):\n" + alphabet_table()
        )

    def describe(self, seat: int, action: Action, events: list[Event]) -> str:
        name = self.names[seat]
        lines = [self._event_line(name, event) for event in events]
        return "\n".join(line for line in lines if line) or f"{name}: {action['type']}"

    def _event_line(self, name: str, event: Event) -> str:
        kind = event["type"]
        names = self.names
        if kind == "rolled":
            if "piece" in event:
                return f"{name} rolled {event['face']} and took a {event['piece']} piece."
            why = "a wild" if event["choice"] == "wild" else f"{event['face']} (compartment empty)"
            return f"{name} rolled {why} and {agree(name, 'chooses')} a piece."
        if kind == "took":
            return f"{name} took a {event['piece']} piece."
        if kind == "roll-lost":
            return (
                f"{whose(names[event['seat']])} roll comes to nothing: the tray holds none of the "
                "pieces it offered."
            )
        if kind == "claimed":
            discarded = f" Discarded {event['discarded']} piece(s)."
            if "word" in event:
                word = event["word"].upper()
                return f"{acts(name, 'claims')} {word}: {event['reason']}{discarded}"
            return f"{acts(name, 'writes')} word {event['words']} on the sheet (secret).{discarded}"
        if kind == "done":
            caller = names[event["seat"]]
            return f"{acts(caller, 'calls')} DONE! Everyone else may claim one more word."
        if kind == "passed":
            return f"{acts(name, 'passes')}."
        if kind == "round":
            return f"Word {event['word']}: the dice show {', '.join(event['faces'])}."
        if kind == "scored":
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, event["scores"], strict=True))
            return f"Challenge {event['challenge']} scored: {scores}."
        if kind == "challenge":
            pool = comp.describe_pieces(event["pool"])
            return f"Challenge {event['challenge']} begins; everyone starts with {pool}."
        if kind == "game-over":
            return "The game is over."
        return ""

    def private_between_seats(self) -> bool:
        return self.game.options.secret

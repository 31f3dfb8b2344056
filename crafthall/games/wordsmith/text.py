"""Wordsmith in the terminal: the screen a seat sees, and the commands a person types."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, ClassVar

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


REMINDERS: tuple[str, ...] = (
    "Everyone plays at once. Build words from your letter pieces by the alphabet: each letter "
    "has one recipe of red (long straight), yellow (short straight), blue (large curve) and "
    "green (small curve) pieces.",
    "Roll your die for another piece whenever you like: red or yellow gives that piece; blue "
    "and green are wild (take any piece); a face whose compartment is empty lets you take "
    "another piece.",
    "Claim a word: its pieces stay in your pool and every leftover piece is discarded, checking "
    "a discard box each; once every box is checked, a word must use all your pieces.",
    "A word must be in the dictionary, not yet claimed in this challenge, and build a new "
    "letter: one your previous word lacks, or one more copy of one it has.",
    "Pass when you find no more words: no more rolls or words until Done.",
    "The first to claim a sixth word calls Done; everyone else, a player who passed too, may "
    "claim one more word without adding pieces.",
    "Word by Word: nobody rolls; three dice are rolled for everyone for each word, a wild face "
    "giving a piece of your choice, and an unused wild checks a discard box too.",
    "Score: a point a letter, plus a point per unchecked bonus box (the last 6 of the 12). "
    "Three challenges by default; the highest total wins.",
    "On the page, type a word and press Enter to claim; the alphabet helper lights up the "
    "letters you can build now.",
)
"""The rules in a few short sentences, beside the board in every front end and in the
terminal's help."""


def reminder_lines() -> str:
    """The reminders as the terminal's help shows them: a dash each, wrapped."""
    return "\n".join(
        textwrap.fill(line, width=88, initial_indent="  - ", subsequent_indent="    ")
        for line in REMINDERS
    )


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


def _counted(number: int, noun: str) -> str:
    """'1 piece', '2 pieces'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _discards(pieces: int, boxes: int) -> str:
    """What a claim discards, as a clause: its leftover pieces and, in Word by Word, its
    unused wild circles (``boxes`` counts both: each checks a discard box); empty when none."""
    parts = [
        _counted(number, noun)
        for number, noun in ((pieces, "piece"), (boxes - pieces, "unused wild circle"))
        if number
    ]
    return f", discarding {' and '.join(parts)}" if parts else ""


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
            "The rules:\n" + reminder_lines() + "\n"
            "Alphabet (letters with the same pieces share a line):\n" + alphabet_table()
        )

    # --- the sentences of the game's events (every front end shows these) -------------------

    def say(self, seat: int | None, event: Event) -> str | None:
        """The sentence of a Wordsmith event: every event is public, and a claim in Secret
        Wordsmith carries no word, so no sentence tells a seat what it may not know."""
        wording = self._WORDINGS.get(event["type"])
        if wording is None:
            return super().say(seat, event)
        mover = event.get("seat", seat)
        return wording(self, self.names[mover] if mover is not None else "", event)

    def _rolled(self, name: str, event: Event) -> str:
        face = event["face"]
        if "piece" in event:
            return f"{name} rolled {face} and took a {event['piece']} piece."
        if event["choice"] == "wild":
            return f"{name} rolled {face}, a wild face, and {agree(name, 'chooses')} any piece."
        return (
            f"{name} rolled {face} with its compartment empty and {agree(name, 'chooses')} "
            "another piece."
        )

    def _took(self, name: str, event: Event) -> str:
        return f"{name} took a {event['piece']} piece."

    def _roll_lost(self, name: str, event: Event) -> str:
        return f"{whose(name)} roll comes to nothing: the tray holds none of the pieces it offered."

    def _claimed(self, name: str, event: Event) -> str:
        discards = _discards(event["discarded"], event["boxes_checked"])
        if "word" not in event:  # Secret Wordsmith: the word stays on its sheet
            return (
                f"{acts(name, 'writes')} word {event['words']} on the sheet{discards}; it stays "
                "secret until the challenge is scored."
            )
        line = f" on line {event['line'] + 1}" if "line" in event else ""
        return f"{acts(name, 'claims')} {event['word'].upper()}{line}{discards}. {event['reason']}"

    def _done(self, name: str, event: Event) -> str:
        others = "The others" if self.game.options.last_word_after_pass else "The others still in"
        return (
            f"{acts(name, 'calls')} DONE! {others} may each claim one more word, without "
            "adding pieces."
        )

    def _passed(self, name: str, event: Event) -> str:
        phase = event["phase"]
        if phase == "word":
            return f"{acts(name, 'skips')} this word."
        if phase == "last-words":
            return f"{acts(name, 'declines')} the one more word after Done."
        if self.game.options.last_word_after_pass:
            return f"{acts(name, 'passes')}: no more rolls or words until Done, then one more word."
        return f"{acts(name, 'passes')} and {agree(name, 'is')} out of this challenge."

    def _round(self, name: str, event: Event) -> str:
        return f"Word {event['word']}: the dice show {', '.join(event['faces'])}."

    def _scored(self, name: str, event: Event) -> str:
        said = f"Challenge {event['challenge']} scored: {self._by_seat(event['scores'])}."
        if event["totals"] != event["scores"]:
            said += f" Totals: {self._by_seat(event['totals'])}."
        return said

    def _challenge(self, name: str, event: Event) -> str:
        pool = comp.describe_pieces(event["pool"])
        said = f"Challenge {event['challenge']} begins; everyone starts with {pool}."
        if event["required"]:
            said += f" Required letters, line by line: {' '.join(event['required'].upper())}."
        return said

    def _game_over(self, name: str, event: Event) -> str:
        return f"The game is over: {self._by_seat(event['totals'])}."

    def _by_seat(self, points: list[int]) -> str:
        """'Ann 12, Bob 9': a figure for each seat, after its player's name."""
        return ", ".join(f"{who} {n}" for who, n in zip(self.names, points, strict=True))

    _WORDINGS: ClassVar[dict[str, Callable[[WordsmithText, str, Event], str]]] = {
        "rolled": _rolled,
        "took": _took,
        "roll-lost": _roll_lost,
        "claimed": _claimed,
        "done": _done,
        "passed": _passed,
        "round": _round,
        "scored": _scored,
        "challenge": _challenge,
        "game-over": _game_over,
    }
    """Each event type's sentence, given the name of the player it is about ("" for the
    table's own events: a new word, a score, a new challenge, the end)."""

    def private_between_seats(self) -> bool:
        return self.game.options.secret

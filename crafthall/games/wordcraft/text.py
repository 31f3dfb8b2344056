"""Wordcraft in a terminal: the grid in its colours, the cubes, the achievements, the scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts, agree
from crafthall.games.entry import Board, TextUI
from crafthall.games.wordcraft.components import colours, constants, difficulties, letter
from crafthall.games.wordcraft.rules import Wordcraft
from crafthall.games.wordcraft.spelling import spelled

SIDE_STYLES = ["bold dark_orange", "bold cyan", "bold green3", "bold orchid"]

RULES: tuple[str, ...] = (
    "On your turn play a word of 3+ letters from the grid, or pass. A letter card may be used "
    "any number of times.",
    "Put one cube on the card of each letter (TREE: two on E). Then, if you like, one cube on "
    "each achievement card the word fulfils (one per card a turn).",
    "No word may be played twice in a game, nor a word that stems from one played (after "
    "BICYCLE, no BIKE or BICYCLES; after BIKE, BICYCLE is allowed), nor a word the table's "
    "vote rejected.",
    "A player left with 2 cubes or fewer after a word triggers the round end: +2 EP, and "
    "everyone else has one last turn. A full round of passes also ends the round.",
    "Round end: on each letter card the most cubes score its EP (ties all score). The letter "
    "cubes go back to their owners, who get 3 more for the next round; achievement cubes stay. "
    "After 3 rounds, achievement cubes score by their cards' tables.",
    "Colours: ≈ Blue 2 EP, ☀ Yellow 3, ♣ Green 4, ♥ Red 5, ♛ Purple 6. The Qu card stands "
    "for Q or QU.",
    "The table's vote: until the next move, another player who doubts the last word may call "
    "a vote on it. If a majority of the players reject it (its own player keeps it, so at 2 "
    "players the dictionary decides), it is taken back and its player makes another word, "
    "which stands (or passes). The last word of the game is voted on before the game ends.",
)
"""The rules in a few short sentences, for every front end (the terminal's help too)."""

REMINDERS: tuple[str, ...] = (
    *RULES,
    "On the page, type the word (or click letters), Enter plays it, Esc clears.",
)
""":data:`RULES` and how the browser page is played, shown beside the board."""

COMMANDS = """\
Type a word made of the grid's letters (each letter may be used again and again):
  tree              play TREE (one cube on each letter used: T, R, E, E)
  quiet qu,i,e,t    say which cards to use when a word can be laid two ways
                    (the Qu card stands for Q or for QU: QUIET is QU-I-E-T or QU-U-I-E-T)
  tree +A5 +A12     play TREE and put a cube on achievements A5 and A12 (optional; each
                    achievement must be fulfilled by the word, at most one cube each)
  pass              pass your turn
  dispute           call the table's vote on the last word, before you play (another
                    player's word only; your call counts as a vote to reject it)
  keep / reject     your vote, when the table votes on a word
  help              this help;  quit  stop the game (the record is kept)
(To play the word DISPUTE while a vote may be called, type: dispute +)"""
"""What the player can type; the rules themselves are the :data:`RULES`."""

VOTES = {"keep": True, "reject": False}


class WordcraftText(TextUI):
    game: Wordcraft

    def side_name(self, view: View, side: int) -> str:
        seats = view["sides"][side]["seats"]
        names = " & ".join(self.names[seat] for seat in seats)
        return f"Team {side + 1} ({names})" if view["teams"] else names

    def _styled_side(self, view: View, side: int) -> Text:
        return Text(self.side_name(view, side), style=SIDE_STYLES[side % len(SIDE_STYLES)])

    # --- drawing ------------------------------------------------------------------------------

    def render(self, view: View, seat: int | None) -> RenderableType:
        board: list[RenderableType] = [self._header(view), self._grid(view)]
        vote_line = self._vote_line(view, seat)
        if vote_line is not None:
            board.insert(1, vote_line)
        parts: list[RenderableType] = [Board(*board), self._achievements(view), self._players(view)]
        used = view["used_words"]
        if used:
            words = ", ".join(entry["word"].upper() for entry in used[-40:])
            parts.append(Text(f"Words played: {words}", style="dim"))
        return Group(*parts)

    def _header(self, view: View) -> Text:
        text = Text(f"Wordcraft · round {view['round']} of {view['rounds']}", style="bold")
        if view["vote"] is not None:
            text.append(" · the table votes on a word")
        elif view["turn"] is not None:
            text.append(" · turn: ")
            text.append_text(self._styled_side(view, view["turn"]))
        else:
            text.append(" · game over")
        if view["turn_seconds"]:
            text.append(f" · {view['turn_seconds']} s per turn")
        trigger = view["round_end"]["triggered_by"]
        if trigger is not None and view["turn"] is not None:
            last = ", ".join(self.side_name(view, side) for side in view["round_end"]["last_turns"])
            text.append(
                f"\nRound end triggered by {self.side_name(view, trigger)} (+2 EP); "
                f"last turns: {last or 'none'}.",
                style="yellow",
            )
        return text

    def _vote_line(self, view: View, seat: int | None) -> Text | None:
        """The word the table is voting on, or the last word while a vote may be called."""
        ballot = view["vote"]
        if ballot is not None:
            votes = [
                acts(self.side_name(view, side), "keeps" if vote else "rejects")
                for side, vote in enumerate(ballot["ballots"])
                if vote is not None
            ]
            text = Text(f"Vote on {ballot['word'].upper()}", style="bold magenta")
            text.append(f" (played by {self.side_name(view, ballot['side'])})")
            if ballot["caller"] is None:
                text.append(": the last word of the game")
            text.append(f". {'; '.join(votes) or 'No vote yet'}.")
            if seat in ballot["voters"]:
                text.append(" Type keep or reject.", style="bold")
            return text
        pending = view["disputable"]
        if pending is not None and seat in pending["callers"]:
            return Text(
                f"Doubt {pending['word'].upper()}? Type dispute to call the table's vote on it.",
                style="magenta",
            )
        return None

    def _grid(self, view: View) -> Table:
        """One line a card, so that the grid with four players' cubes on every card still
        fits a 24-line screen with the header: the card, its EP, then each player's cubes
        on it in their colour, in the order of the title."""
        sides = len(view["sides"])
        title = Text("Letter grid · EP · cubes of ")
        for side in range(sides):
            title.append(f"#{side + 1} ", style=SIDE_STYLES[side % len(SIDE_STYLES)])
        title.append("(* scores now)")
        table = Table(title=title, show_header=False, show_lines=True)
        rows: dict[str, list[Text]] = {}
        for card in view["grid"]:
            rows.setdefault(card["colour"], []).append(self._card(card))
        for cells in rows.values():
            table.add_row(*cells)
        return table

    def _card(self, card: dict[str, Any]) -> Text:
        """`` E   2  3*   ·``: the letter, its EP, and each player's cubes (* where they score)."""
        cell = Text(f" {card['label']:<2} ", style=colours()[card["colour"]].style)
        cell.append(f" {card['points']}")
        for side, count in enumerate(card["cubes"]):
            mark = f"{count}{'*' if card['scoring'][side] else ''}" if count else "·"
            cell.append(f" {mark:>3}", style=SIDE_STYLES[side % len(SIDE_STYLES)])
        return cell

    def _achievements(self, view: View) -> Table:
        table = Table(title="Achievements (a 6th cube starts a new set of 5)")
        for column in ("Card", "Requirement", "Level", "EP for 1-5 cubes"):
            table.add_column(column)
        for side in range(len(view["sides"])):
            table.add_column(
                Text(f"#{side + 1}", style=SIDE_STYLES[side % len(SIDE_STYLES)]), justify="right"
            )
        for card in view["achievements"]:
            points = "/".join(str(p) for p in card["points"])
            table.add_row(
                card["id"],
                card["requirement"],
                difficulties()[card["difficulty"]],
                points,
                *(str(count) for count in card["cubes"]),
            )
        return table

    def _players(self, view: View) -> Table:
        table = Table(title="Players")
        for column in ("Player", "Cubes", "Round EP", "Bonus", "Score", "If scored now"):
            table.add_column(column, justify="left" if column == "Player" else "right")
        for side, info in enumerate(view["sides"]):
            rounds = " + ".join(str(points) for points in info["letter_ep"]) or "-"
            name = Text(f"#{side + 1} ", style=SIDE_STYLES[side % len(SIDE_STYLES)])
            table.add_row(
                name.append_text(self._styled_side(view, side)),
                str(info["supply"]),
                rounds,
                str(info["bonus_ep"]),
                str(info["score"]),
                str(info["projected"]),
            )
        return table

    # --- reading input ------------------------------------------------------------------------

    def parse(self, text: str, view: View, seat: int) -> Action:
        tokens = text.replace("+", " +").split()
        if not tokens:
            raise IllegalAction(
                "unreadable-input", "Type a word (e.g. tree), or pass; help shows more."
            )
        command = tokens[0].lower() if len(tokens) == 1 else ""
        if command == "pass":
            return {"type": "pass"}
        if view["vote"] is not None and command in VOTES:
            return {"type": "vote", "keep": VOTES[command]}
        if command == "dispute" and view["disputable"] is not None:
            return {"type": "dispute"}
        word, *rest = tokens
        action: dict[str, Any] = {"type": "word", "word": word.lower()}
        claims: list[str] = []
        for token in rest:
            if token.startswith("+") and len(token) > 1:
                claims.append(token[1:].upper())
            elif token.startswith("+"):
                continue
            elif "spelling" not in action:
                cards = [card for card in token.replace("-", ",").lower().split(",") if card]
                action["spelling"] = cards
            else:
                raise IllegalAction(
                    "unreadable-input",
                    f"I could not read '{token}'. Type e.g. quiet qu,i,e,t +A8, or help.",
                )
        if claims:
            action["achievements"] = claims
        return action

    def help(self) -> str:
        """What to type, then the rules in short (the sentences every front end shows)."""
        rules = "\n".join(f"- {line}" for line in RULES)
        return f"{COMMANDS}\n\nThe rules in short:\n{rules}"

    # --- the log ------------------------------------------------------------------------------

    def say(self, seat: int | None, event: Event) -> str | None:
        """The sentence of a Wordcraft event, the same in every front end. Every event is
        public (the grids to come are never in one), so each says all a player needs of it;
        the player named is the event's own seat, else ``seat``."""
        wording = self._WORDINGS.get(event["type"])
        if wording is None:
            return super().say(seat, event)
        who = event.get("seat", seat)
        return wording(self, "Nobody" if who is None else self.names[who], event)

    def _side(self, side: int) -> str:
        """A side's name without a view: the player, or the team and its players."""
        teams = self.game.options.teams
        if teams:
            return f"Team {side + 1} ({' & '.join(self.names[s] for s in teams[side])})"
        return self.names[side]

    def _by_side(self, values: list[int]) -> str:
        """``P1 12 EP, P2 10 EP``: one figure per side."""
        return ", ".join(f"{self._side(side)} {value} EP" for side, value in enumerate(values))

    def _word(self, who: str, event: Event) -> str:
        spelling = event["spelling"]
        claims = event["achievements"]
        on_claims = "".join(f", 1 on {card}" for card in claims)
        return (
            f"{acts(who, 'plays')} {event['word'].upper()} ({spelled(spelling)}: "
            f"{len(spelling)} cubes on letters{on_claims})."
        )

    def _pass(self, who: str, event: Event) -> str:
        late = " (time ran out)" if event.get("timed_out") else ""
        return f"{acts(who, 'passes')}{late}."

    def _round_end_triggered(self, who: str, event: Event) -> str:
        side = self._side(event["side"])
        last = ", ".join(self._side(other) for other in event["last_turns"])
        return (
            f"{acts(side, 'has')} {constants()['round_end_at']} cubes or fewer left: round end "
            f"triggered, +{event['bonus']} EP. Last turns: {last}."
        )

    def _all_passed(self, who: str, event: Event) -> str:
        return "Everyone passed: the round ends."

    def _round_scored(self, who: str, event: Event) -> str:
        return f"Round {event['round']} letter scoring: {self._by_side(event['points'])}."

    def _new_round(self, who: str, event: Event) -> str:
        grid = " ".join(letter(card).label for card in event["grid"])
        first = self._side(event["first"])
        return f"Round {event['round']}: new grid {grid}; {acts(first, 'starts')}."

    def _game_over(self, who: str, event: Event) -> str:
        totals, places = event["totals"], event["places"]
        order = sorted(range(len(totals)), key=lambda side: places[side])
        ranking = "; ".join(
            f"{places[side]}. {self._side(side)} {totals[side]} EP" for side in order
        )
        return (
            f"Achievements score: {self._by_side(event['achievement_ep'])}. "
            f"Final places: {ranking}."
        )

    def _dispute(self, who: str, event: Event) -> str:
        return (
            f"{acts(who, 'doubts')} {event['word'].upper()} and {agree(who, 'calls')} the "
            "table's vote (a vote to reject it)."
        )

    def _vote(self, who: str, event: Event) -> str:
        return f"{acts(who, 'votes')} to {'keep' if event['keep'] else 'reject'} the word."

    def _vote_open(self, who: str, event: Event) -> str:
        return (
            f"{event['word'].upper()} ends the game: the other players vote on it first "
            "(keep or reject)."
        )

    def _word_kept(self, who: str, event: Event) -> str:
        return f"{event['word'].upper()} stands ({_count(event)})."

    def _word_rejected(self, who: str, event: Event) -> str:
        """Whose word it was, and what they do now: another word, which stands where the
        table takes back one word a turn (the rulebook's reading; more at some tables)."""
        side = self._side(event["side"])
        stands = ", which stands," if self.game.options.take_backs == 1 else ""
        return (
            f"{event['word'].upper()} is rejected ({_count(event)}) and taken back: "
            f"{acts(side, 'makes')} another word{stands} or {agree(side, 'passes')}."
        )

    def _word_stands(self, who: str, event: Event) -> str:
        return (
            f"{event['word'].upper()} stands: the table's vote takes back "
            f"{_words_a_turn(self.game.options.take_backs)}."
        )

    _WORDINGS: ClassVar[dict[str, Callable[[WordcraftText, str, Event], str]]] = {
        "word": _word,
        "pass": _pass,
        "round-end-triggered": _round_end_triggered,
        "all-passed": _all_passed,
        "round-scored": _round_scored,
        "new-round": _new_round,
        "game-over": _game_over,
        "dispute": _dispute,
        "vote": _vote,
        "vote-open": _vote_open,
        "word-kept": _word_kept,
        "word-rejected": _word_rejected,
        "word-stands": _word_stands,
    }


def _count(event: Event) -> str:
    """A vote's outcome as counted: ``2 keep, 1 reject``."""
    return f"{event['keep']} keep, {event['reject']} reject"


def _words_a_turn(take_backs: int) -> str:
    return "one word a turn" if take_backs == 1 else f"at most {take_backs} words a turn"

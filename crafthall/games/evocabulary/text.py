"""Evocabulary in the terminal: the table as one seat sees it, and typed commands."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.entry import Board, TextUI
from crafthall.games.evocabulary.components import TEAMS, components, team_for_length
from crafthall.games.evocabulary.spells import HAND, KEPT, LOCKED, canonical_layout, spell_parts

REMINDERS: tuple[str, ...] = (
    "On your turn: start a spell (a word of 3+ letters, at least one of them from your hand), "
    "modify one of your spells (play a letter from your hand or take one out; letters taken "
    "out are discarded), or discard any number of letters (none is a pass) and draw back to "
    "7. No second pass in a row while the deck has cards or you can burn or publish.",
    "A spell sits at the team of its length (3, 4, 5, 6+), one spell a team, and activates "
    "it: the leader and each familiar there offer one action, taken in any order, each "
    "optional.",
    "Actions: ⇩ draw a letter, ✱ take a wild, ♨ burn a letter from your hand for its points, "
    "☰ publish a spell for its letters' points (and an achievement it meets), ☺ hire a "
    "familiar from the market, ⇄ teamwork copies an action one of your familiars shows, "
    "↩ pick a spell back up into your hand. ⊠ A lock acts once, as its familiar is hired: "
    "it locks a letter from your hand under it.",
    "Locked letters may be used in spells at their own team and score nothing when "
    "published. A wild (?) stands for any letter; a spell with two or more claims no "
    "achievement.",
    "When the deck is empty and no player can burn or publish any more, the most points wins, "
    "then the most achievements (a table may also set a clock: so many full rounds without a "
    "burn or publish).",
    "Typed without its cards, a spell is laid out for you: letters locked at the team first, "
    "then the spell's own cards, then your hand, wilds last.",
)
"""The rules in a few short sentences, shown beside the board in every front end and under
the terminal's commands."""

COMMANDS = """\
On your turn:
  start WORD [CARDS]          start a spell, e.g. 'start sat' or 'start sat s =a t'
  modify TEAM WORD [CARDS]    modify the spell at team 3-6, e.g. 'modify 3 cats @c @a @t s'
  discard LETTER              discard one letter (repeat), e.g. 'discard z'
  draw                        draw back to 7 letters (ends your turn)
Cards, one per card in word order: 's' or 'qu' from your hand, '?e' a wild as E,
'=a' a letter locked at the team, '@t' a card already in the spell being modified.
When a team activates (use each action once, in any order):
  draw | wild                 draw a letter | take a wild
  burn LETTER                 discard a letter for its points, e.g. 'burn z'
  publish TEAM [PILE [POS]]   publish the spell at TEAM, claim the top card of PILE
                              (len5..len8, syl2, syl3), POS = card to multiply (from 1)
  hire FAMILIAR TEAM front|back [LOCK]  e.g. 'hire F12 4 front' or 'hire F40 3 front e'
  pickup TEAM                 take a spell back into your hand
  teamwork KIND ...           copy a familiar's action, e.g. 'teamwork publish 5'
  done                        end the activation
Any action may also be typed as JSON, e.g. {"type": "draw"}."""
"""What the player can type; the rules themselves are the :data:`REMINDERS`."""


class EvocabularyText(TextUI):
    def private_between_seats(self) -> bool:
        return True

    def help(self) -> str:
        rules = "\n".join(f"- {line}" for line in REMINDERS)
        return f"{COMMANDS}\n\nThe rules in short:\n{rules}"

    # --- drawing the table -------------------------------------------------------------------

    def render(self, view: View, seat: int | None) -> RenderableType:
        comps = components()
        parts: list[RenderableType] = []
        status = Table.grid(padding=(0, 2))
        status.add_row(
            f"Deck {view['deck_size']}",
            f"Wilds {view['wild_pile']}",
            f"Discard {view['discard_size']} (top {(view['discard_top'] or '-').upper()})",
            f"Familiar deck {view['familiar_deck_size']}",
        )
        parts.append(status)
        if view["deck_size"] == 0 and view["phase"] != "over":
            clock = ""
            if view["stall_rounds"]:
                left = view["stall_rounds"] * len(view["scores"]) - view["quiet_turns"]
                clock = f", or after {left} more turns without a burn or publish"
            parts.append(
                Text(f"Deck empty: the game ends when nobody can burn or publish any more{clock}.")
            )
        market = ", ".join(
            f"{fid} {comps.familiars[fid].name} ({comps.familiars[fid].front} / draw)"
            for fid in view["market"]
        )
        parts.append(Text(f"Market: {market or 'empty'}"))
        piles = []
        for name, ids in view["piles"].items():
            if ids:
                ach = comps.achievements[ids[0]]
                worth = f"x{ach.factor}" if ach.multiplies else f"{ach.points} pts"
                piles.append(f"{name} {worth} ({len(ids)})")
            else:
                piles.append(f"{name} -")
        parts.append(Text("Achievements: " + ", ".join(piles)))
        tables = [self._teams(view, s) for s in range(len(view["teams"]))]
        if seat is None or seat >= len(tables):
            return Group(*parts, *tables, *self._hand(view, seat))
        own = tables.pop(seat)
        return Group(*parts, *tables, Board(own, *self._hand(view, seat)))

    def _teams(self, view: View, s: int) -> Table:
        """Seat ``s``'s four teams: leader, familiars and spell."""
        name = self.names[s] if s < len(self.names) else f"Seat {s + 1}"
        marker = "» " if s in view["active"] else ""
        table = Table(
            title=f"{marker}{name}: {view['scores'][s]} pts, {view['hand_sizes'][s]} in hand, "
            f"{len(view['achievements'][s])} achievements",
            title_justify="left",
            show_header=True,
        )
        for col in ("team", "leader", "familiars", "spell"):
            table.add_column(col)
        for team in view["teams"][s]:
            familiars = ", ".join(
                f"{f['id']} {f['action']}" + (f"[{f['lock'].upper()}]" if f["lock"] else "")
                for f in team["familiars"]
            )
            spell = team["spell"]
            spell_text = (
                f"{spell['word'].upper()} ({' '.join(spell['cards'])}; {spell['points']} pts)"
                if spell
                else ""
            )
            table.add_row(team_label(team["team"]), team["leader"], familiars or "-", spell_text)
        return table

    def _hand(self, view: View, seat: int | None) -> list[RenderableType]:
        """Under the player's own teams, what they play with: their hand, the actions left
        of an activation, and what to do. With the teams, the board kept in view."""
        lines: list[RenderableType] = []
        if seat is not None and "hand" in view:
            points = components().points
            hand = " ".join(f"{f.upper()}{points[f]}" for f in view["hand"])
            lines.append(Text(f"Your hand: {hand or '(empty)'}", style="bold"))
        if view["pending"] is not None:
            unused = ", ".join(f"{u['action']} ({u['card']})" for u in view["pending"]["unused"])
            lines.append(Text(f"Unused actions: {unused}"))
        lines.append(Text(view["prompt"], style="italic"))
        return lines

    # --- reading commands --------------------------------------------------------------------

    def parse(self, text: str, view: View, seat: int) -> Action:
        text = text.strip()
        if text.startswith("{"):
            try:
                action = json.loads(text)
            except json.JSONDecodeError:
                raise _unreadable("That JSON does not parse") from None
            if not isinstance(action, dict):
                raise _unreadable("A JSON action is an object")
            return action
        words = text.split()
        if not words:
            raise _unreadable("Type a command")
        verb, args = words[0].lower(), words[1:]
        if verb in ("start", "modify"):
            return self._spell(verb, args, seat, view)
        if verb in ("discard", "draw", "done") and view["phase"] != "activation":
            return self._turn(verb, args)
        if verb == "done":
            return {"type": "done"}
        if view["phase"] == "activation":
            return self._use(verb, args, view)
        raise _unreadable(f"'{verb}' is not a command here")

    def _turn(self, verb: str, args: list[str]) -> Action:
        if verb == "discard":
            if len(args) != 1:
                raise _unreadable("Discard one letter at a time, e.g. 'discard z'")
            return {"type": "discard", "letter": args[0].lower()}
        if verb == "done":
            raise _unreadable("'done' ends an activation; on your turn type 'draw' to end it")
        return {"type": "draw"}

    def _spell(self, verb: str, args: list[str], seat: int, view: View) -> Action:
        modify = verb == "modify"
        need = 2 if modify else 1
        if len(args) < need:
            raise _unreadable(
                "Say the team and the word, e.g. 'modify 3 cats'"
                if modify
                else "Say the word, e.g. 'start sat'"
            )
        base: dict[str, Any] = {"type": verb}
        if modify:
            base["team"] = _number(args[0])
        word = args[need - 1].lower()
        cards = [c.lower() for c in args[need:]]
        if not cards:
            cards = self._layout(base, word, seat, view)
        return {**base, "word": word, "cards": cards}

    def _layout(self, base: dict[str, Any], word: str, seat: int, view: View) -> list[str]:
        """The canonical layout of ``word`` from what the view shows (the one legal-action
        lists give; the player may type the cards to choose another)."""
        teams = view["teams"][seat]
        target = teams[team_for_length(max(len(word), 3)) - 3]  # too short: refused later
        sources = {
            HAND: Counter(view.get("hand", [])),
            LOCKED: Counter(f["lock"] for f in target["familiars"] if f["lock"] is not None),
        }
        change = None
        old = base.get("team")
        if old in TEAMS and teams[old - 3]["spell"]:
            kept, _ = spell_parts(teams[old - 3]["spell"]["cards"])
            sources[KEPT] = Counter(kept)
            change = len(kept)
        return canonical_layout(word, sources, change is None, change) or list(word)

    def _use(self, verb: str, args: list[str], view: View) -> Action:
        kind, copy = verb, None
        if verb == "teamwork":
            if not args:
                raise _unreadable("Say what to copy, e.g. 'teamwork draw'")
            copy, args = args[0].lower(), args[1:]
        card = next((u["card"] for u in view["pending"]["unused"] if u["action"] == kind), None)
        if card is None:
            raise _unreadable(f"No unused '{kind}' action in this activation")
        action: dict[str, Any] = {"type": "use", "card": card}
        if copy is not None:
            action["copy"] = copy
            kind = copy
        action.update(_choice(kind, args))
        return action

    # --- the log ------------------------------------------------------------------------------

    def say(self, seat: int | None, event: Event) -> str | None:
        """The sentence of one event. It names the player the event is about, which is not
        always the mover: the hand drawn as a turn passes is the next player's. It tells only
        what every seat may know: how many letters were drawn, never which."""
        kind = event.get("type")
        if kind == "game-over":
            scores = ", ".join(
                f"{name} {score}" for name, score in zip(self.names, event["scores"], strict=True)
            )
            return f"Game over: {scores}."
        sentence = SENTENCES.get(str(kind))
        if sentence is None:
            return super().say(seat, event)
        return sentence(self._name(event.get("seat", seat)), event)

    def _name(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return "A player"


def _choice(kind: str, args: list[str]) -> dict[str, Any]:
    if kind in ("draw", "wild"):
        return {}
    if kind == "burn":
        if len(args) != 1:
            raise _unreadable("Say which letter to burn, e.g. 'burn z'")
        return {"letter": args[0].lower()}
    if kind in ("publish", "pickup"):
        if not args:
            raise _unreadable(f"Say which team's spell, e.g. '{kind} 5'")
        choice: dict[str, Any] = {"team": _number(args[0])}
        if kind == "publish" and len(args) > 1:
            choice["achievement"] = args[1].lower()
        if kind == "publish" and len(args) > 2:
            choice["multiply"] = _number(args[2]) - 1
        return choice
    if kind == "hire":
        if len(args) < 2:
            raise _unreadable("Say the familiar and the team, e.g. 'hire F12 4 front'")
        choice = {"familiar": args[0].upper(), "team": _number(args[1]), "side": "front"}
        if len(args) > 2:
            choice["side"] = args[2].lower()
        if len(args) > 3:
            choice["lock"] = args[3].lower()
        return choice
    raise _unreadable(f"'{kind}' is not a team action")


def _number(text: str) -> int:
    try:
        return int(text.rstrip("+"))
    except ValueError:
        raise _unreadable(f"'{text}' is not a number") from None


def _unreadable(what: str) -> IllegalAction:
    return IllegalAction("unreadable-input", f"{what}; type 'help' for the commands.")


def team_label(number: int) -> str:
    """A team as the cards print it: 3, 4, 5 and 6+ (the last takes six letters or more)."""
    return f"{number}+" if number == max(TEAMS) else str(number)


def _letters(count: int) -> str:
    return f"{count} letter{'' if count == 1 else 's'}"


def _points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


def _started(who: str, event: Event) -> str:
    return f"{who} started {event['word'].upper()} at team {team_label(event['team'])}."


def _modified(who: str, event: Event) -> str:
    old, new = team_label(event["from"]), team_label(event["team"])
    gone = " ".join(face.upper() for face in event["discarded"])
    dropped = f", discarding {gone}" if gone else ""
    moved = "" if old == new else f" (the spell was at team {old})"
    return f"{who} modified {event['word'].upper()} at team {new}{dropped}{moved}."


def _drew(who: str, event: Event) -> str:
    count = event["count"]
    if event.get("why"):
        return f"{who} drew a new hand of {_letters(count)} (the hand was empty)."
    if count:
        return f"{who} drew {_letters(count)}."
    # a team's draw takes one letter unless the deck is out; a turn's draw may also find
    # the hand full (a pass)
    return f"{who} drew nothing: the deck is empty." if "by" in event else f"{who} drew nothing."


def _drew_wild(who: str, event: Event) -> str:
    return f"{who} took a wild." if event["count"] else f"{who} found no wild left to take."


def _discarded(who: str, event: Event) -> str:
    return f"{who} discarded {event['letter'].upper()}."


def _burned(who: str, event: Event) -> str:
    return f"{who} burned {event['letter'].upper()} for {_points(event['points'])}."


def _published(who: str, event: Event) -> str:
    claim = ""
    if event["achievement"] is not None:
        achievement = components().achievements[event["achievement"]]
        claim = f", claiming achievement {achievement.id} ({achievement.pile})"
    word = event["word"].upper()
    return f"{who} published {word} for {_points(event['points'])}{claim}."


def _hired(who: str, event: Event) -> str:
    familiar = components().familiars[event["familiar"]]
    side = event["side"]
    lock = f", locking {event['lock'].upper()}" if event["lock"] else ""
    return (
        f"{who} hired {familiar.id} {familiar.name} ({familiar.action(side)}) to team "
        f"{team_label(event['team'])}, {side} up{lock}."
    )


def _picked_up(who: str, event: Event) -> str:
    return f"{who} picked up {event['word'].upper()} from team {team_label(event['team'])}."


def _done(who: str, event: Event) -> str:
    return f"{who} ended the activation."


SENTENCES: dict[str, Callable[[str, Event], str]] = {
    "started": _started,
    "modified": _modified,
    "drew": _drew,
    "drew-wild": _drew_wild,
    "discarded": _discarded,
    "burned": _burned,
    "published": _published,
    "hired": _hired,
    "picked-up": _picked_up,
    "done": _done,
}
"""The sentence of each event a player's move makes, given the player's name (the end of the
game, which names every player, is :meth:`EvocabularyText.say`'s own)."""

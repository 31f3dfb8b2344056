"""Evocabulary's rules: spells activate teams of familiars; publishing spells scores.

A turn is one of: ``start`` a spell, ``modify`` a spell, or discard letters one by one
(``discard``) and ``draw`` back to seven. Starting or modifying a spell opens an activation:
the team's leader and familiars each offer one optional action, taken one at a time (``use``)
in any order until the player says ``done`` or none is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction, require
from crafthall.engine.game import Result, action_type
from crafthall.games.evocabulary import activation, board
from crafthall.games.evocabulary.components import TEAMS, WILD, components, team_for_length
from crafthall.games.evocabulary.setup import new_state
from crafthall.games.evocabulary.spells import (
    HAND,
    KEPT,
    LOCKED,
    MIN_LETTERS,
    Token,
    is_change,
    layouts,
    parse_token,
    spellable,
)
from crafthall.games.evocabulary.spells import word_of as tokens_word
from crafthall.games.wordgame import WordGame, WordGameOptions

TURN_TYPES = ("start", "modify", "discard", "draw")
ALL_TYPES = (*TURN_TYPES, "use", "done")


class EvocabularyOptions(WordGameOptions):
    leaders: Literal["a", "b"] = Field(
        "a",
        description=(
            "Which side of the team leaders is up: 'a' (3 draw, 4 hire, 5 burn, 6+ publish) or "
            "'b' (3 hire, 4 burn, 5 publish, 6+ teamwork)."
        ),
    )


class Evocabulary(WordGame):
    name = "evocabulary"
    title = "Evocabulary"
    min_seats = 2
    max_seats = 6
    Options = EvocabularyOptions
    secret_stores = ("deck", "familiar_deck")

    @property
    def leaders_side(self) -> str:
        options = self.options
        assert isinstance(options, EvocabularyOptions)
        return options.leaders

    # --- set-up and turns --------------------------------------------------------------------

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        return new_state(seats, seed, self.leaders_side, fixed)

    def active_seats(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        players = state["players"]
        scores = [p["score"] for p in players]
        keys = [(p["score"], len(p["achievements"])) for p in players]
        details = {"achievements": [list(p["achievements"]) for p in players]}
        return Result.from_keys(scores, keys, details)

    # --- applying actions --------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        kind = action_type(action, ALL_TYPES)
        phase = state["phase"]
        allowed = {
            "turn": TURN_TYPES,
            "discarding": ("discard", "draw"),
            "activation": ("use", "done"),
        }[phase]
        if kind not in allowed:
            raise IllegalAction(
                "wrong-phase", f"'{kind}' is not possible now; you may: {', '.join(allowed)}."
            )
        if kind in ("start", "modify"):
            return self._spell(state, seat, action, kind)
        if kind == "discard":
            return self._discard(state, seat, action)
        if kind == "draw":
            return self._draw(state, seat, action)
        if kind == "use":
            return self._use(state, seat, action)
        board.check_keys(action, ())
        events = [{"type": "done", "seat": seat}]
        self._end_turn(state, events)
        return events

    def _spell(self, state: State, seat: int, action: Action, kind: str) -> list[Event]:
        modify = kind == "modify"
        board.check_keys(action, {"word", "cards", *(["team"] if modify else [])})
        player = state["players"][seat]
        old = None
        kept_cards: list[int] = []
        old_locked: Counter[str] = Counter()
        if modify:
            old = board.team_number(action["team"])
            old_team = board.team(state, seat, old)
            require(
                old_team["spell"] is not None,
                "no-such-spell",
                f"You have no spell at your {old} team to modify.",
            )
            locked_old = board.locked_cards(old_team)
            kept_cards = [c for c in old_team["spell"]["cards"] if c not in locked_old]
            old_locked = Counter(
                board.faces(c for c in old_team["spell"]["cards"] if c in locked_old)
            )
        word, tokens = self._read_spell(action)
        number = team_for_length(len(word))
        target = board.team(state, seat, number)
        if target["spell"] is not None and number != old:
            there = board.spell_word(target["spell"]).upper()
            raise IllegalAction(
                "team-occupied",
                f"{word.upper()} goes to your {number} team, which already has a spell "
                f"({there}); each team holds one spell: publish or pick up {there} first, "
                "or make a word of another length.",
            )
        by_source: dict[str, list[str]] = {HAND: [], KEPT: [], LOCKED: []}
        for token in tokens:
            by_source[token.source].append(token.face)
        require(
            modify or not by_source[KEPT],
            "bad-card",
            "Cards marked '@' come from a spell being modified; a new spell uses your hand.",
        )
        locked = board.locked_cards(target)
        for source, cards, code, where in (
            (HAND, player["hand"], "card-not-in-hand", "in your hand"),
            (KEPT, kept_cards, "card-not-in-spell", "in the spell"),
            (LOCKED, locked, "letter-not-locked", f"locked at your {number} team"),
        ):
            missing = board.has_faces(cards, by_source[source])
            require(missing is None, code, f"There is no '{missing}' card {where}.", face=missing)
        if old is None:
            require(
                bool(by_source[HAND]),
                "no-new-letter",
                f"{word.upper()} must use at least one letter from your hand; locked letters "
                "alone do not start a spell.",
            )
        else:
            require(
                is_change([t.text() for t in tokens], len(kept_cards), old_locked),
                "spell-unchanged",
                f"{word.upper()} uses the same cards as your spell "
                f"{board.spell_word(board.team(state, seat, old)['spell']).upper()}; a modify "
                "must add or remove at least one letter card (rearranging the letters or "
                "re-choosing a wild is not enough).",
            )

        events: list[Event] = []
        hand_cards = board.take_by_faces(player["hand"], by_source[HAND])
        kept = board.take_by_faces(kept_cards, by_source[KEPT])
        lock_pool = list(locked)
        lock_used = board.take_by_faces(lock_pool, by_source[LOCKED])
        supply = {HAND: iter(hand_cards), KEPT: iter(kept), LOCKED: iter(lock_used)}
        cards = [next(supply[t.source]) for t in tokens]
        if old is not None:
            player["hand"].extend(kept_cards)  # the letters taken out go back to the hand
            board.team(state, seat, old)["spell"] = None
        target["spell"] = {"cards": cards, "letters": [t.letters for t in tokens]}
        done = "modified" if modify else "started"
        events.append(
            {"type": done, "seat": seat, "team": number, "word": word, "from": old}
            if modify
            else {"type": done, "seat": seat, "team": number, "word": word}
        )
        board.refill_if_empty(state, seat, events)
        unused = ["leader"] + [
            f["id"] for f in target["familiars"] if board.familiar_action(f) != "lock"
        ]
        state["phase"] = "activation"
        state["pending"] = {"team": number, "unused": unused}
        return events

    def _read_spell(self, action: Action) -> tuple[str, list[Token]]:
        word, cards = action["word"], action["cards"]
        if not isinstance(word, str) or not isinstance(cards, list):
            raise IllegalAction(
                "malformed-action",
                "A spell gives 'word' (text) and 'cards' (a list such as ['s', '=a', 't']).",
            )
        word = word.strip().lower()
        tokens = [parse_token(c) for c in cards]
        spelled = tokens_word(tokens)
        require(
            spelled == word,
            "cards-do-not-spell-word",
            f"The cards {' '.join(t.text() for t in tokens)} spell "
            f"{spelled.upper() or 'nothing'}, not {word.upper()}.",
        )
        problem = self.lexicon.check(word, min_length=MIN_LETTERS)
        if problem == "too-short":
            raise IllegalAction(
                "spell-too-short",
                f"{word.upper()} has {len(word)} letters; a spell needs at least {MIN_LETTERS}.",
            )
        if problem is not None:
            raise IllegalAction(
                "word-not-in-dictionary", f"{word.upper()} is not in the dictionary.", word=word
            )
        return word, tokens

    def _discard(self, state: State, seat: int, action: Action) -> list[Event]:
        board.check_keys(action, {"letter"})
        hand = state["players"][seat]["hand"]
        letter = board.hand_letter(hand, action["letter"], "discard")
        state["discard"].extend(board.take_by_faces(hand, [letter]))
        state["phase"] = "discarding"
        events: list[Event] = [{"type": "discarded", "seat": seat, "letter": letter}]
        if not hand:  # all discarded: the empty hand draws 7, which is the draw back to 7
            board.refill_if_empty(state, seat, events)
            self._end_turn(state, events)
        return events

    def _draw(self, state: State, seat: int, action: Action) -> list[Event]:
        board.check_keys(action, ())
        hand = state["players"][seat]["hand"]
        size = components().hand_size
        require(
            state["phase"] == "discarding" or len(hand) < size,
            "hand-full",
            f"You hold {len(hand)} letters; discard at least one before drawing back to {size}.",
        )
        drawn = board.draw_letters(state, seat, max(0, size - len(hand)))
        events: list[Event] = [{"type": "drew", "seat": seat, "count": drawn}]
        self._end_turn(state, events)
        return events

    def _use(self, state: State, seat: int, action: Action) -> list[Event]:
        pending = state["pending"]
        unused = ", ".join(pending["unused"])
        require(
            "card" in action,
            "malformed-action",
            f"A 'use' action names the 'card' whose action it takes: one of {unused}.",
        )
        card = str(action["card"])
        require(
            card in pending["unused"],
            "action-not-available",
            f"'{card}' has no unused action in this activation; unused: {unused}.",
        )
        kind = self._kind(state, seat, card)
        effect = activation.prepare(state, seat, kind, action, self.lexicon)
        events = effect()
        for event in events:
            event.setdefault("by", card)
        pending["unused"].remove(card)
        board.refill_if_empty(state, seat, events)
        if not pending["unused"]:
            self._end_turn(state, events)
        return events

    def _kind(self, state: State, seat: int, card: str) -> str:
        """The action of an activating card: its leader's side or the familiar's side up."""
        number = state["pending"]["team"]
        if card == "leader":
            return board.leader_action(state, seat, number)
        familiar = next(f for f in board.team(state, seat, number)["familiars"] if f["id"] == card)
        return board.familiar_action(familiar)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        if state["deck"]:
            state["quiet"] = 0
        else:
            state["quiet"] = 0 if state["scored"] else state["quiet"] + 1
        state["turns"] += 1
        state["phase"], state["pending"], state["scored"] = "turn", None, False
        players = state["players"]
        nothing_left = not any(p["hand"] or any(t["spell"] for t in p["teams"]) for p in players)
        if not state["deck"] and (state["quiet"] >= len(players) or nothing_left):
            state["phase"] = "over"
            events.append({"type": "game-over", "scores": [p["score"] for p in players]})
            return
        state["turn"] = (state["turn"] + 1) % len(players)
        board.refill_if_empty(state, state["turn"], events)

    # --- legal actions -----------------------------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        if seat not in self.active_seats(state):
            return
        phase = state["phase"]
        hand = state["players"][seat]["hand"]
        if phase == "activation":
            for card in state["pending"]["unused"]:
                kind = self._kind(state, seat, card)
                for choice in activation.choices(state, seat, kind, self.lexicon):
                    yield {"type": "use", "card": card, **choice}
            yield {"type": "done"}
            return
        if phase == "turn":
            yield from self.spell_actions(state, seat)
        for letter in sorted(set(board.faces(hand))):
            yield {"type": "discard", "letter": letter}
        if phase == "discarding" or len(hand) < components().hand_size:
            yield {"type": "draw"}

    def spell_actions(self, state: State, seat: int) -> Iterator[Action]:
        """Every ``start`` and ``modify`` action open to ``seat``."""
        hand = board.faces(state["players"][seat]["hand"])
        found: dict[tuple[str, ...], list[str]] = {}

        def words(pool: list[str], number: int) -> list[str]:
            key = tuple(sorted(pool))
            if key not in found:
                found[key] = spellable(self.lexicon, key)
            return [w for w in found[key] if team_for_length(len(w)) == number]

        teams = {n: board.team(state, seat, n) for n in TEAMS}
        locked = {n: board.faces(board.locked_cards(t)) for n, t in teams.items()}
        for number, data in teams.items():
            if data["spell"] is not None:
                continue
            sources = {HAND: Counter(hand), LOCKED: Counter(locked[number])}
            for word in words(hand + locked[number], number):
                for layout in layouts(word, sources, need_hand=True):
                    yield {"type": "start", "word": word, "cards": layout}
        for old, data in teams.items():
            if data["spell"] is None:
                continue
            locked_here = board.locked_cards(data)
            kept = board.faces(c for c in data["spell"]["cards"] if c not in locked_here)
            was_locked = Counter(board.faces(c for c in data["spell"]["cards"] if c in locked_here))
            for number, target in teams.items():
                if target["spell"] is not None and number != old:
                    continue
                sources = {
                    HAND: Counter(hand),
                    KEPT: Counter(kept),
                    LOCKED: Counter(locked[number]),
                }
                for word in words(hand + kept + locked[number], number):
                    for layout in layouts(word, sources, need_hand=False):
                        if is_change(layout, len(kept), was_locked):
                            yield {"type": "modify", "team": old, "word": word, "cards": layout}

    # --- views -------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        players = state["players"]
        phase = state["phase"]
        view: View = {
            "game": self.name,
            "seat": seat,
            "turn": None if phase == "over" else state["turn"],
            "phase": phase,
            "prompt": self._prompt(state),
            "scores": [p["score"] for p in players],
            "achievements": [list(p["achievements"]) for p in players],
            "hand_sizes": [len(p["hand"]) for p in players],
            "deck_size": len(state["deck"]),
            "wild_pile": len(state["wilds"]),
            "discard_size": len(state["discard"]),
            "discard_top": board.face(state["discard"][-1]) if state["discard"] else None,
            "market": list(state["market"]),
            "familiar_deck_size": len(state["familiar_deck"]),
            "piles": {name: list(ids) for name, ids in state["piles"].items()},
            "leaders": state["leaders"],
            "teams": [self._teams_view(state, s) for s in range(len(players))],
            "pending": None,
            "quiet_turns": state["quiet"],
        }
        if state["pending"] is not None:
            number = state["pending"]["team"]
            view["pending"] = {
                "team": number,
                "unused": [
                    {"card": c, "action": self._kind(state, state["turn"], c)}
                    for c in state["pending"]["unused"]
                ],
            }
        if seat is not None:
            view["hand"] = sorted(board.faces(players[seat]["hand"]), key=_hand_order)
        return view

    def _teams_view(self, state: State, seat: int) -> list[dict[str, Any]]:
        teams = []
        for number in TEAMS:
            data = board.team(state, seat, number)
            locked = board.locked_cards(data)
            spell = data["spell"]
            spell_view = None
            if spell is not None:
                tokens = [
                    (LOCKED if c in locked else "")
                    + (WILD + letters if board.face(c) == WILD else board.face(c))
                    for c, letters in zip(spell["cards"], spell["letters"], strict=True)
                ]
                spell_view = {
                    "word": board.spell_word(spell),
                    "cards": tokens,
                    "points": sum(board.card_points(c) for c in spell["cards"] if c not in locked),
                }
            teams.append(
                {
                    "team": number,
                    "leader": board.leader_action(state, seat, number),
                    "familiars": [
                        {
                            "id": f["id"],
                            "side": f["side"],
                            "action": board.familiar_action(f),
                            "lock": board.face(f["lock"]) if f["lock"] is not None else None,
                        }
                        for f in data["familiars"]
                    ],
                    "spell": spell_view,
                }
            )
        return teams

    def _prompt(self, state: State) -> str:
        phase = state["phase"]
        if phase == "over":
            return "The game is over."
        if phase == "activation":
            return (
                f"Activate your {state['pending']['team']} team: use its actions in any order, "
                "or say done."
            )
        if phase == "discarding":
            return "Discard another letter, or draw back to 7."
        return "Start a spell, modify a spell, or discard letters and draw back to 7."


def _hand_order(face: str) -> tuple[int, str]:
    return (face == WILD, face)

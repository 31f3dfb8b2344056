"""Enchanted Grid's rules (docs/rules/enchanted-grid.md).

State (plain JSON)::

    rng, seats, total            the generator, the number of seats, cards in this game
    deck, hands, won             card ids: draw pile (next first), hands, each seat's pile
    grid                         {"x,y": [{"card": id, "by": seat, "down": bool}, ...]}
    claims                       the Words Created list: [{"seat", "word", "direction", "cards"}]
                                 in the order claimed
    counter, round, first, turn  cards played this round, round number, its starter, who acts
    phase                        "play", "scramble" or "over"
    passes                       passes in a row during the scramble
    last_round                   the awards of the last round (public)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction, SetupError, require
from crafthall.engine.game import Result, action_type
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.enchanted_grid import board
from crafthall.games.enchanted_grid.board import Cell, Effect, Grid, Tops, Word
from crafthall.games.enchanted_grid.components import card, deck, pick_cards
from crafthall.games.enchanted_grid.options import EnchantedGridOptions
from crafthall.games.wordgame import WordGame

FIELDS: dict[str, set[str]] = {
    "place": {"type", "card", "at", "face_down", "swap"},
    "overwrite": {"type", "card", "at"},
    "insert": {"type", "card", "at", "push"},
    "claim": {"type", "at", "direction"},
    "pass": {"type"},
}
PLAY_ACTIONS = ("place", "overwrite", "insert")
SCRAMBLE_ACTIONS = ("claim", "pass")
ACTIONS = PLAY_ACTIONS + SCRAMBLE_ACTIONS


def name_of(card_id: int) -> str:
    """'the grey U Enchanter', 'the green B'."""
    c = card(card_id)
    return f"the {c.colour} {c.letter}" + (" Enchanter" if c.enchanter else "")


def show(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


class EnchantedGrid(WordGame):
    name: ClassVar[str] = "enchanted-grid"
    title: ClassVar[str] = "Enchanted Grid"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[EnchantedGridOptions]] = EnchantedGridOptions
    options: EnchantedGridOptions
    # A round's end turns face-down cards up even when the deck is empty.
    secret_stores: ClassVar[tuple[str, ...]] = ("deck", "round")

    # --- helpers ---------------------------------------------------------------------------

    def accepts(self, word: str) -> bool:
        """Whether a lower-case string is a word of this table's dictionary."""
        return word in self.lexicon

    def words(self, tops: Tops) -> dict[board.WordKey, Word]:
        return board.read_words(tops, self.accepts, self.options.min_word)

    def changes(self, before: Tops, after: Tops, cells: set[Cell]) -> tuple[list[Word], list[Word]]:
        return board.word_changes(before, after, cells, self.accepts, self.options.min_word)

    @staticmethod
    def in_claim_order(created: list[Word]) -> list[Word]:
        """The fixed order in which one move's new words go on the list (across words first).
        It never decides a shared letter: words of one move have the same owner."""
        return sorted(created, key=lambda w: (w.direction, w.cells))

    # --- set-up ----------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state: State = {
            "rng": new_rng_state(seed),
            "seats": seats,
            "deck": [],
            "hands": [[] for _ in range(seats)],
            "won": [[] for _ in range(seats)],
            "grid": {},
            "claims": [],
            "counter": 0,
            "round": 1,
            "first": 0,
            "turn": 0,
            "phase": "play",
            "passes": 0,
            "last_round": [],
        }
        if fixed is None:
            ids = [c.id for c in deck()]
            Rng(state["rng"]).shuffle(ids)
            size = self.options.hand_size
            state["hands"] = [ids[i * size : (i + 1) * size] for i in range(seats)]
            state["deck"] = ids[seats * size :]
        else:
            self._fixed(state, seats, fixed)
        state["total"] = (
            len(state["deck"])
            + sum(len(h) for h in state["hands"])
            + sum(len(s) for s in state["grid"].values())
        )
        if not any(state["hands"]):
            self._end_game_scramble(state, [])
        else:
            state["turn"] = self._next_with_cards(state, state["first"], include=True)
        return state

    def _fixed(self, state: State, seats: int, fixed: dict[str, Any]) -> None:
        known = {"hands", "deck", "grid", "first"}
        unknown = sorted(set(fixed) - known)
        if unknown:
            raise SetupError(
                f"Unknown fixed set-up key(s) {', '.join(unknown)}; "
                f"keys are {', '.join(sorted(known))}."
            )
        hands = fixed.get("hands")
        if not isinstance(hands, list) or len(hands) != seats:
            raise SetupError(
                f"The fixed set-up needs 'hands': one list of cards for each of the {seats} seats."
            )
        used: set[int] = set()
        grid: Grid = {}
        for entry in fixed.get("grid", []):
            if not isinstance(entry, dict) or not board.is_cell(entry.get("at")):
                raise SetupError(
                    'Each fixed grid entry is {"at": [x, y], "card": "B green"} '
                    '(with optional "by" and "face_down").'
                )
            by = entry.get("by", 0)
            if not isinstance(by, int) or not 0 <= by < seats:
                raise SetupError(f"Grid entry 'by' must be a seat from 0 to {seats - 1}.")
            (card_id,) = pick_cards([entry.get("card")], used)
            grid.setdefault(board.as_cell(entry["at"]), []).append(
                {"card": card_id, "by": by, "down": bool(entry.get("face_down", False))}
            )
        state["grid"] = board.store_grid(grid)
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise SetupError(
                    f'Fixed hand {seat + 1} must be a list of cards, e.g. ["B green"].'
                )
            state["hands"][seat] = pick_cards(hand, used)
        if "deck" in fixed:
            if not isinstance(fixed["deck"], list):
                raise SetupError("The fixed 'deck' is a list of cards, next to draw first.")
            state["deck"] = pick_cards(fixed["deck"], used)
        else:
            rest = [c.id for c in deck() if c.id not in used]
            Rng(state["rng"]).shuffle(rest)
            state["deck"] = rest
        first = fixed.get("first", 0)
        if not isinstance(first, int) or not 0 <= first < seats:
            raise SetupError(f"The fixed 'first' seat must be from 0 to {seats - 1}.")
        state["first"] = first
        if not any(state["hands"]) and state["deck"]:
            raise SetupError("A fixed set-up with cards in the deck needs cards in some hand.")

    # --- turns -----------------------------------------------------------------------------

    def active_seats(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def _next_with_cards(self, state: State, seat: int, include: bool = False) -> int:
        seats = state["seats"]
        for offset in range(0 if include else 1, seats + 1):
            candidate = (seat + offset) % seats
            if state["hands"][candidate]:
                return candidate
        return seat

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        if seat not in self.active_seats(state):
            return
        grid = board.load_grid(state["grid"])
        tops = board.tops(grid)
        if state["phase"] == "scramble":
            for word in self.words(tops).values():
                yield {"type": "claim", "at": list(word.cells[0]), "direction": word.direction}
            yield {"type": "pass"}
            return
        zones = board.zone_map(tops)
        empty = board.frontier(tops)
        occupied = board.reading_order(tops)
        for card_id in state["hands"][seat]:
            colour = card(card_id).colour
            for cell in empty:
                at = list(cell)
                yield {"type": "place", "card": card_id, "at": at}
                if colour not in zones.get(cell, ()):
                    continue
                if colour == "grey":
                    yield {"type": "place", "card": card_id, "at": at, "face_down": True}
                elif colour == "blue":
                    for target in board.swap_targets(tops, cell):
                        yield {"type": "place", "card": card_id, "at": at, "swap": list(target)}
            for cell in occupied:
                if colour not in zones.get(cell, ()):
                    continue
                if colour == "red":
                    yield {"type": "overwrite", "card": card_id, "at": list(cell)}
                elif colour == "green":
                    for push, delta in board.PUSHES.items():
                        if board.step(cell, (-delta[0], -delta[1])) in tops:
                            yield {
                                "type": "insert",
                                "card": card_id,
                                "at": list(cell),
                                "push": push,
                            }

    # --- validation ------------------------------------------------------------------------

    def _cell(self, action: Action, field: str) -> Cell:
        value = action.get(field)
        require(
            board.is_cell(value),
            "bad-cell",
            f"'{field}' must be a cell written [x, y] with two whole numbers, e.g. [1, 0].",
        )
        return board.as_cell(value)

    def _card_in_hand(self, state: State, seat: int, action: Action) -> int:
        raw = action.get("card")
        card_id = raw if isinstance(raw, int) and not isinstance(raw, bool) else -1
        require(
            0 <= card_id < len(deck()),
            "bad-card",
            "'card' must be the id of a card in your hand (the view's 'hand' lists them).",
        )
        require(
            card_id in state["hands"][seat],
            "card-not-in-hand",
            f"{name_of(card_id).capitalize()} (card {card_id}) is not in your hand; play one of "
            "the cards your view's 'hand' lists.",
        )
        return card_id

    def _in_zone(self, tops: Tops, cell: Cell, colour: str, code: str, power: str) -> None:
        require(
            bool(board.enchanters_around(tops, cell, colour)),
            code,
            f"Cell {show(cell)} is not in a {colour} zone: a {colour} card may {power} only in "
            f"the eight cells around a face-up {colour} Enchanter.",
        )

    def plan(self, state: State, seat: int, action: Action, tops: Tops) -> tuple[int, Effect, bool]:
        """Validate a play action completely: (card id, effect, face down)."""
        kind = action["type"]
        card_id = self._card_in_hand(state, seat, action)
        colour = card(card_id).colour
        at = self._cell(action, "at")
        label = name_of(card_id)
        if kind == "place":
            face_down = action.get("face_down", False)
            swap = action.get("swap")
            require(isinstance(face_down, bool), "bad-face-down", "'face_down' is true or false.")
            require(
                at not in tops,
                "cell-occupied",
                f"Cell {show(at)} already holds a card; only a red card in a red zone may go on "
                "top of a card (overwrite), and a green card in a green zone may push it (insert).",
            )
            if not tops:
                require(
                    at == (0, 0),
                    "first-card-at-origin",
                    "The grid is empty: the first card goes on [0, 0].",
                )
            else:
                require(
                    any(board.step(at, d) in tops for d in board.ORTHOGONAL),
                    "not-next-to-a-card",
                    f"Cell {show(at)} is not next to a card: place a card left of, right of, "
                    "above or under a card on the grid.",
                )
            if face_down:
                require(
                    colour == "grey",
                    "face-down-needs-grey",
                    f"Only a grey card may be placed face down; {label} is {colour}: place it "
                    "face up.",
                )
                self._in_zone(tops, at, "grey", "not-in-grey-zone", "go face down")
            if swap is not None:
                require(
                    colour == "blue",
                    "swap-needs-blue",
                    f"Only a blue card may swap; {label} is {colour}: place it without a swap.",
                )
                self._in_zone(tops, at, "blue", "not-in-blue-zone", "swap")
                target = self._cell(action, "swap")
                require(
                    target in board.swap_targets(tops, at),
                    "swap-out-of-zone",
                    f"A blue card placed on {show(at)} may swap only with a card in the 3 x 3 "
                    f"square of a blue Enchanter whose zone holds {show(at)}; {show(target)} "
                    "is not one.",
                )
            return card_id, board.effect_of(action, tops), face_down
        if kind == "overwrite":
            require(
                colour == "red",
                "overwrite-needs-red",
                f"Only a red card may overwrite a card; {label} is {colour}: place it on an "
                "empty cell.",
            )
            require(
                at in tops,
                "nothing-to-overwrite",
                f"Cell {show(at)} is empty: there is no card to overwrite; use 'place'.",
            )
            self._in_zone(tops, at, "red", "not-in-red-zone", "overwrite")
            return card_id, board.effect_of(action, tops), False
        # insert
        require(
            colour == "green",
            "insert-needs-green",
            f"Only a green card may be inserted; {label} is {colour}: place it on an empty cell.",
        )
        push = action.get("push")
        require(
            push in board.PUSHES,
            "bad-push",
            "'push' must be left, right, up or down: the way the cards at and beyond the cell "
            "move.",
        )
        require(
            at in tops,
            "nothing-to-push",
            f"Cell {show(at)} is empty: an insertion pushes the card there; use 'place'.",
        )
        delta = board.PUSHES[str(push)]
        require(
            board.step(at, (-delta[0], -delta[1])) in tops,
            "not-between-cards",
            f"An insertion goes between two cards: pushing {push} from {show(at)} needs a card on "
            "the other side of it too.",
        )
        self._in_zone(tops, at, "green", "not-in-green-zone", "be inserted")
        return card_id, board.effect_of(action, tops), False

    # --- applying --------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        kind = action_type(action, ACTIONS)
        extra = sorted(set(action) - FIELDS[kind])
        require(
            not extra,
            "unknown-field",
            f"A '{kind}' action has no {', '.join(map(repr, extra))}; its fields are "
            f"{', '.join(sorted(FIELDS[kind]))}.",
        )
        if state["phase"] == "over":
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        require(
            seat == state["turn"],
            "not-your-turn",
            f"It is not seat {seat + 1}'s turn: seat {state['turn'] + 1} plays now.",
            seat=seat,
        )
        if state["phase"] == "scramble":
            require(
                kind in SCRAMBLE_ACTIONS,
                "scramble-time",
                "The cards are all played: in the final scramble you may only claim a word on "
                "the grid or pass.",
            )
            return self._scramble(state, seat, action)
        require(
            kind in PLAY_ACTIONS,
            "not-scramble-yet",
            "Claiming and passing come in the final scramble; now play a card from your hand.",
        )
        grid = board.load_grid(state["grid"])
        tops = board.tops(grid)
        card_id, effect, face_down = self.plan(state, seat, action, tops)
        # Everything is valid: change the state.
        after = dict(tops)
        board.relocate(after, effect.moves)
        after[effect.put] = (card_id, None if face_down else card(card_id).letter)
        created, broken = self.changes(tops, after, effect.cells())
        board.relocate(grid, effect.moves)
        grid.setdefault(effect.put, []).append({"card": card_id, "by": seat, "down": face_down})
        state["grid"] = board.store_grid(grid)
        state["hands"][seat].remove(card_id)
        events: list[Event] = [self._placed_event(seat, action, card_id, effect, face_down)]
        self._update_claims(state, seat, created, broken, events)
        state["counter"] += 1
        if state["deck"]:
            state["hands"][seat].append(state["deck"].pop(0))
        if state["counter"] >= self.options.round_cards or not any(state["hands"]):
            self._end_round(state, events)
        else:
            state["turn"] = self._next_with_cards(state, seat)
        return events

    def _placed_event(
        self, seat: int, action: Action, card_id: int, effect: Effect, face_down: bool
    ) -> Event:
        how = action["type"]
        if face_down:
            how = "face-down"
        elif action.get("swap") is not None:
            how = "swap"
        event: Event = {
            "type": "played",
            "seat": seat,
            "how": how,
            "at": list(board.as_cell(action["at"])),
            "card": None if face_down else card(card_id).to_json(),
        }
        if how == "swap":
            event["swap"] = list(effect.put)
        if how == "insert":
            event["push"] = action["push"]
        return event

    def _update_claims(
        self, state: State, seat: int, created: list[Word], broken: list[Word], events: list[Event]
    ) -> None:
        gone = {w.key for w in broken}
        kept = []
        for claim in state["claims"]:
            if (claim["direction"], tuple(claim["cards"])) in gone:
                events.append({"type": "broken", "seat": claim["seat"], "word": claim["word"]})
            else:
                kept.append(claim)
        for word in self.in_claim_order(created):
            kept.append(
                {
                    "seat": seat,
                    "word": word.text,
                    "direction": word.direction,
                    "cards": list(word.ids),
                }
            )
            events.append(
                {
                    "type": "claimed",
                    "seat": seat,
                    "word": word.text,
                    "direction": word.direction,
                    "at": list(word.cells[0]),
                }
            )
        state["claims"] = kept

    # --- end of a round --------------------------------------------------------------------

    def _turn_up(self, grid: Grid, cell: Cell) -> Event:
        top = grid[cell][-1]
        top["down"] = False
        return {"type": "revealed", "at": list(cell), "card": card(top["card"]).to_json()}

    def _end_round(self, state: State, events: list[Event]) -> None:
        grid = board.load_grid(state["grid"])
        # 1. Reveal face-down cards on top; their placer claims what they make.
        for cell in board.reading_order(c for c, stack in grid.items() if stack[-1]["down"]):
            before = board.tops(grid)
            placer = grid[cell][-1]["by"]
            events.append(self._turn_up(grid, cell))
            created, broken = self.changes(before, board.tops(grid), {cell})
            self._update_claims(state, placer, created, broken, events)
        # 2. Award the claimed words.
        claims = state["claims"]
        owners = board.award_owners(claims)
        where = board.positions(board.tops(grid))
        awards = []
        for index, claim in enumerate(claims):
            won = [c for c in claim["cards"] if owners[c] == index]
            for card_id in won:
                cell = where[card_id]
                grid[cell].pop()
                if not grid[cell]:
                    del grid[cell]
                state["won"][claim["seat"]].append(card_id)
            award = {"seat": claim["seat"], "word": claim["word"], "cards": len(won)}
            awards.append(award)
            events.append({"type": "awarded", **award})
        # 3. Clean up: the list is erased; surfaced face-down cards turn up.
        for cell in board.reading_order(c for c, stack in grid.items() if stack[-1]["down"]):
            events.append(self._turn_up(grid, cell))
        state["grid"] = board.store_grid(grid)
        state["claims"] = []
        state["counter"] = 0
        state["last_round"] = awards
        events.append({"type": "round-end", "round": state["round"]})
        # 4. The next round, or the scramble.
        state["round"] += 1
        state["first"] = (state["first"] + 1) % state["seats"]
        if any(state["hands"]):
            state["turn"] = self._next_with_cards(state, state["first"], include=True)
        else:
            self._end_game_scramble(state, events)

    # --- the final scramble ----------------------------------------------------------------

    def _end_game_scramble(self, state: State, events: list[Event]) -> None:
        state["phase"] = "scramble"
        state["turn"] = state["first"]
        state["passes"] = 0
        events.append({"type": "scramble"})
        self._maybe_over(state, events)

    def _maybe_over(self, state: State, events: list[Event]) -> None:
        tops = board.tops(board.load_grid(state["grid"]))
        if state["passes"] >= state["seats"] or not self.words(tops):
            state["phase"] = "over"
            events.append({"type": "game-over", "scores": [len(w) for w in state["won"]]})

    def _scramble(self, state: State, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action["type"] == "pass":
            state["passes"] += 1
            events.append({"type": "passed", "seat": seat})
        else:
            at = self._cell(action, "at")
            direction = action.get("direction")
            require(
                direction in ("across", "down"),
                "bad-direction",
                "'direction' must be 'across' (a row) or 'down' (a column).",
            )
            grid = board.load_grid(state["grid"])
            tops = board.tops(grid)
            standing = self.words(tops).values()
            found = [w for w in standing if (w.cells[0], w.direction) == (at, direction)]
            require(
                bool(found),
                "no-word-there",
                f"No word starts at {show(at)} going {direction} (words read left to right and "
                "top to bottom, the longest of each run); the words standing are "
                + ", ".join(f"{w.text} at {show(w.cells[0])} {w.direction}" for w in standing)
                + ".",
            )
            word = found[0]
            for cell in word.cells:
                grid[cell].pop()
                if not grid[cell]:
                    del grid[cell]
                elif grid[cell][-1]["down"]:
                    events.append(self._turn_up(grid, cell))
            state["won"][seat].extend(word.ids)
            state["grid"] = board.store_grid(grid)
            state["passes"] = 0
            events.insert(
                0, {"type": "awarded", "seat": seat, "word": word.text, "cards": len(word.ids)}
            )
        state["turn"] = (seat + 1) % state["seats"]
        self._maybe_over(state, events)
        return events

    # --- views and results -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        grid = board.load_grid(state["grid"])
        tops = board.tops(grid)
        cells = []
        for cell in board.reading_order(grid):
            stack = grid[cell]
            top = stack[-1]
            shown: dict[str, Any] = {"at": list(cell), "under": len(stack) - 1}
            if top["down"]:
                shown.update(face_down=True, by=top["by"])
                if seat == top["by"]:
                    shown["card"] = card(top["card"]).to_json()
            else:
                shown.update(face_down=False, card=card(top["card"]).to_json())
            cells.append(shown)
        where = board.positions(tops)
        claims = [
            {
                "seat": claim["seat"],
                "word": claim["word"],
                "direction": claim["direction"],
                "cells": [list(where[c]) for c in claim["cards"]],
            }
            for claim in state["claims"]
        ]
        pending = board.pending_cards(state["claims"], state["seats"])
        scores = [len(w) for w in state["won"]]
        phase = state["phase"]
        turn = None if phase == "over" else state["turn"]
        prompt = {
            "play": "Play a card: place, overwrite (red) or insert (green).",
            "scramble": "Final scramble: claim a word on the grid, or pass.",
            "over": "The game is over.",
        }[phase]
        return {
            "phase": phase,
            "turn": turn,
            "prompt": prompt,
            "round": state["round"],
            "counter": state["counter"],
            "round_cards": self.options.round_cards,
            "first": state["first"],
            "grid": cells,
            "zones": [
                {"at": list(c), "colours": colours}
                for c, colours in sorted(
                    board.zone_map(tops).items(), key=lambda i: (i[0][1], i[0][0])
                )
            ],
            "words": [
                {"word": w.text, "direction": w.direction, "cells": [list(c) for c in w.cells]}
                for w in sorted(
                    self.words(tops).values(), key=lambda w: (w.cells[0][1], w.cells[0][0])
                )
            ],
            "claims": claims,
            "pending": pending,
            "hand": None if seat is None else [card(c).to_json() for c in state["hands"][seat]],
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck": len(state["deck"]),
            "scores": scores,
            "last_round": list(state["last_round"]),
        }

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = [len(w) for w in state["won"]]
        left = sum(len(s) for s in state["grid"].values())
        return Result.from_keys(scores, [[s] for s in scores], {"cards_left_on_grid": left})

    def evaluate(self, state: State, seat: int) -> float:
        """Cards won plus cards this seat's standing claims would win, against the best rival."""
        pending = board.pending_cards(state["claims"], state["seats"])
        totals = [len(w) + p for w, p in zip(state["won"], pending, strict=True)]
        rivals = [t for s, t in enumerate(totals) if s != seat]
        return float(totals[seat] - max(rivals))

"""Wordcraft's rules: craft words from a grid of letter cards, one cube per letter used.

The state counts everything per *side*: a player, or a team in the teams variant (a team shares
one cube supply and one score, and any of its seats may play the team's word). Seats map to
sides through ``state["side_of"]``. See docs/rules/wordcraft.md for the rules as implemented.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, ClassVar

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction, SetupError, require
from crafthall.engine.game import Result, action_type
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.wordcraft import scoring
from crafthall.games.wordcraft.components import (
    achievement,
    achievements,
    colours,
    constants,
    letters,
    requirement_types,
    sort_grid,
)
from crafthall.games.wordcraft.options import WordcraftOptions
from crafthall.games.wordcraft.spelling import missing_letter, spelled, spellings
from crafthall.games.wordgame import WordGame
from crafthall.lexicon import LexiconError

ACTIONS = ("word", "pass")
FIXED_KEYS = ("grids", "achievements", "first_player")
_CACHE_LIMIT = 4096


@dataclass(frozen=True, slots=True)
class Candidate:
    """One way to play a word on a grid: its cards, and the achievements in play it fulfils.

    ``spelling`` is shared with the grid's word cache and every listed action of this way to
    play the word: read it, never change it.
    """

    word: str
    spelling: list[str]
    fulfilled: tuple[str, ...]

    @property
    def cubes(self) -> int:
        return len(self.spelling)


@dataclass(frozen=True)
class Play:
    """A word action that passed every check."""

    word: str
    spelling: list[str]
    claims: list[str]


@cache
def _claim_lists(cards: tuple[str, ...]) -> list[list[str]]:
    """Every subset of ``cards``, smallest first: the achievement cubes a word may take.

    The lists are shared by every listed action that fulfils ``cards``: read-only."""
    return [list(claims) for size in range(len(cards) + 1) for claims in combinations(cards, size)]


def _upper(word: str) -> str:
    return word.upper()


class Wordcraft(WordGame):
    name: ClassVar[str] = "wordcraft"
    title: ClassVar[str] = "Wordcraft"
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    """Without teams; the teams variant seats everyone its ``teams`` option names (4 or more)."""
    Options = WordcraftOptions

    def __init__(self, options: Any = None, lexicon: Any = None) -> None:
        super().__init__(options, lexicon)
        self._candidates: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Candidate]] = {}
        self._words: dict[tuple[str, ...], list[tuple[str, list[list[str]]]]] = {}
        self._blocked: dict[tuple[tuple[str, ...], str], frozenset[str]] = {}
        self._index: dict[tuple[str, ...], dict[str, list[str]]] = {}
        self._family: dict[tuple[str, str], bool] = {}

    @property
    def opts(self) -> WordcraftOptions:
        assert isinstance(self.options, WordcraftOptions)
        return self.options

    def check_seats(self, seats: int) -> None:
        teams = self.opts.teams
        if teams is None:
            super().check_seats(seats)
            return
        named = sum(len(team) for team in teams)
        if seats != named:
            raise SetupError(
                f"The teams option places {named} players but the table has {seats}; "
                "name every seat in exactly one team."
            )

    # --- set-up -----------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        fixed = self._check_fixed(fixed)
        try:
            self.lexicon  # noqa: B018 - a bad dictionary option should fail now, not mid-game
        except LexiconError as err:
            raise SetupError(str(err)) from None
        teams = self.opts.teams
        side_of = list(range(seats))
        if teams is not None:
            for side, team in enumerate(teams):
                for seat in team:
                    side_of[seat] = side
        sides = len(teams) if teams is not None else seats
        state: State = {"rng": new_rng_state(seed)}
        rng = Rng(state["rng"])
        grids: list[list[str] | None] = [*fixed.get("grids", [])]
        grids += [None] * (constants()["rounds"] - len(grids))
        in_play = fixed.get("achievements") or self._draw_achievements(rng)
        grid = grids[0] or self._draw_grid(rng)
        first = fixed.get("first_player")
        if first is None:
            first = rng.below(sides)
        elif not 0 <= first < sides:
            raise SetupError(
                f"fixed first_player {first} is not a player here; use 0 to {sides - 1}."
            )
        state.update(
            side_of=side_of,
            sides=sides,
            round=1,
            grid=sort_grid(grid),
            planned=[sort_grid(g) if g else None for g in grids[1:]],
            achievements=list(in_play),
            cubes={card: [0] * sides for card in sort_grid(grid)},
            claims={card: [0] * sides for card in in_play},
            supply=[constants()["start"]] * sides,
            letter_ep=[],
            bonus_ep=[0] * sides,
            used=[],
            first=first,
            turn=first,
            trigger=None,
            last_turns=[],
            passes=0,
            final=None,
            last_events=[],
        )
        return state

    def _check_fixed(self, fixed: dict[str, Any] | None) -> dict[str, Any]:
        if fixed is None:
            return {}
        if not isinstance(fixed, dict):
            raise SetupError(
                "A Wordcraft fixed set-up is an object with grids, achievements, first_player."
            )
        unknown = sorted(set(fixed) - set(FIXED_KEYS))
        if unknown:
            raise SetupError(
                f"Unknown fixed set-up key {', '.join(unknown)}; Wordcraft knows "
                f"{', '.join(FIXED_KEYS)}."
            )
        grids = fixed.get("grids", [])
        if not isinstance(grids, list) or len(grids) > constants()["rounds"]:
            raise SetupError("fixed grids is a list of at most 3 grids, one per round.")
        for number, grid in enumerate(grids, start=1):
            self._check_grid(grid, number)
        chosen = fixed.get("achievements")
        if chosen is not None:
            known = achievements()
            if (
                not isinstance(chosen, list)
                or len(chosen) != 4
                or len(set(map(str, chosen))) != 4
                or any(card not in known for card in chosen)
            ):
                raise SetupError(
                    "fixed achievements must be 4 different achievement card ids from "
                    f"{', '.join(known)}."
                )
        first = fixed.get("first_player")
        if first is not None and (not isinstance(first, int) or isinstance(first, bool)):
            raise SetupError("fixed first_player is a player number counted from 0, e.g. 0.")
        return fixed

    @staticmethod
    def _check_grid(grid: Any, number: int) -> None:
        cards = letters()
        if not isinstance(grid, list) or not all(isinstance(card, str) for card in grid):
            raise SetupError(f"fixed grid {number} must be a list of 12 letter card ids.")
        unknown = [card for card in grid if card not in cards]
        if unknown:
            raise SetupError(
                f"fixed grid {number}: {', '.join(map(repr, unknown))} is not a letter card "
                "(cards are 'a' to 'z' and 'qu'; there is no 'q' or 'u' for Qu)."
            )
        if len(set(grid)) != len(grid):
            raise SetupError(f"fixed grid {number} names a card twice; each card is unique.")
        mix = Counter(cards[card].colour for card in grid)
        wanted = {colour.id: colour.per_grid for colour in colours().values()}
        if dict(mix) != {key: count for key, count in wanted.items() if count}:
            expected = ", ".join(f"{count} {colour}" for colour, count in wanted.items())
            raise SetupError(f"fixed grid {number} must hold {expected} cards.")

    def _draw_grid(self, rng: Rng) -> list[str]:
        """Shuffle each colour's deck and reveal 2 blue, 3 yellow, 3 green, 2 red, 2 purple."""
        grid: list[str] = []
        for colour in colours().values():
            deck = [card.id for card in letters().values() if card.colour == colour.id]
            rng.shuffle(deck)
            grid += deck[: colour.per_grid]
        return grid

    def _draw_achievements(self, rng: Rng) -> list[str]:
        """One card per requirement type, or by difficulty in the predetermined variant."""
        cards = list(achievements().values())
        wanted = self.opts.difficulty
        if wanted is None:
            groups = [[c.id for c in cards if c.type == kind] for kind in requirement_types()]
            chosen = []
            for group in groups:
                rng.shuffle(group)
                chosen.append(group[0])
            return chosen
        chosen = []
        for difficulty in dict.fromkeys(wanted):
            group = [c.id for c in cards if c.difficulty == difficulty]
            rng.shuffle(group)
            chosen += group[: wanted.count(difficulty)]
        return chosen

    # --- turns ------------------------------------------------------------------------------

    def active_seats(self, state: State) -> list[int]:
        if state["final"] is not None:
            return []
        return [seat for seat, side in enumerate(state["side_of"]) if side == state["turn"]]

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        """Every word x spelling x affordable set of fulfilled achievements, then ``pass``.

        Each action is a new dict, but its ``spelling`` and ``achievements`` lists come from
        caches shared by every action listed on this grid (read them, never change them; the
        state and the events never hold them): a turn lists thousands of actions, and two
        fresh lists for each made random games about 1.7 times slower, mostly through garbage
        collection. A word the supply cannot pay for stops at its first (empty) claim list.
        """
        if seat not in self.active_seats(state):
            return
        side = state["side_of"][seat]
        supply = state["supply"][side]
        for option in self.playable(state):
            spare = supply - option.cubes
            for claims in _claim_lists(option.fulfilled):
                if len(claims) > spare:
                    break
                yield {
                    "type": "word",
                    "word": option.word,
                    "spelling": option.spelling,
                    "achievements": claims,
                }
        yield {"type": "pass"}

    def playable(self, state: State) -> list[Candidate]:
        """Every spelling of every word still allowed on this grid (cubes not checked)."""
        grid = tuple(state["grid"])
        blocked: set[str] = set()
        for entry in state["used"]:
            blocked |= self._blocked_by(grid, entry["word"])
        found = self.candidates(grid, tuple(state["achievements"]))
        return [option for option in found if option.word not in blocked]

    def candidates(self, grid: tuple[str, ...], in_play: tuple[str, ...]) -> list[Candidate]:
        """Every dictionary word of 3+ letters on ``grid``, each spelling, with the achievements
        of ``in_play`` it fulfils. Cached per grid: a round asks for it on every turn."""
        key = (grid, in_play)
        found = self._candidates.get(key)
        if found is None:
            if len(self._candidates) > 64:
                self._candidates.clear()
            found = [
                Candidate(
                    word,
                    spelling,
                    tuple(card for card in in_play if achievement(card).fulfilled_by(spelling)),
                )
                for word, ways in self.grid_words(grid)
                for spelling in ways
            ]
            self._candidates[key] = found
        return found

    def grid_words(self, grid: tuple[str, ...]) -> list[tuple[str, list[list[str]]]]:
        """Every dictionary word of 3+ letters the grid spells, with its spellings (cached)."""
        found = self._words.get(grid)
        if found is None:
            if len(self._words) > 64:
                self._words.clear()
            cards = set(grid)
            # words_from_letters gives words of the main list (letters a-z only), so each
            # passes lexicon.check(word, min_length=3) without asking
            found = [
                (word, ways)
                for word in self.lexicon.words_from_letters(grid, reusable=True, min_length=3)
                if (ways := spellings(word, cards))
            ]
            self._words[grid] = found
        return found

    def _blocked_by(self, grid: tuple[str, ...], used: str) -> frozenset[str]:
        """The words of ``grid`` that a played word rules out: itself and its family.

        Words of one family share a root (``Lexicon.family_roots``), so only the grid words
        indexed under the played word's roots are confirmed with ``same_family``.
        """
        key = (grid, used)
        found = self._blocked.get(key)
        if found is None:
            if len(self._blocked) > _CACHE_LIMIT:
                self._blocked.clear()
            index = self._family_index(grid)
            near = {word for root in self._roots(used) for word in index.get(root, ())}
            found = frozenset(word for word in near if self.related(word, used))
            self._blocked[key] = found
        return found

    def _roots(self, word: str) -> frozenset[str]:
        return frozenset({word, *self.lexicon.family_roots(word)})

    def _family_index(self, grid: tuple[str, ...]) -> dict[str, list[str]]:
        """Root -> the grid's words having that root (cached per grid)."""
        index = self._index.get(grid)
        if index is None:
            if len(self._index) > 64:
                self._index.clear()
            index = {}
            for word, _ in self.grid_words(grid):
                for root in self._roots(word):
                    index.setdefault(root, []).append(word)
            self._index[grid] = index
        return index

    def related(self, word: str, used: str) -> bool:
        """``word`` is ``used`` or of the same family (BIKE, BIKES, BICYCLE), cached."""
        if word == used:
            return True
        key = (word, used) if word < used else (used, word)
        found = self._family.get(key)
        if found is None:
            if len(self._family) > _CACHE_LIMIT * 16:
                self._family.clear()
            found = bool(self.lexicon.same_family(word, used))
            self._family[key] = found
        return found

    # --- applying actions -------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        kind = action_type(action, ACTIONS)
        side = state["side_of"][seat]
        events: list[Event]
        if kind == "pass":
            extra = set(action) - {"type", "timed_out"}
            require(
                not extra and isinstance(action.get("timed_out", False), bool),
                "malformed-action",
                'A pass is {"type": "pass"}, optionally with "timed_out": true.',
            )
            events = [
                {
                    "type": "pass",
                    "seat": seat,
                    "side": side,
                    "timed_out": bool(action.get("timed_out", False)),
                }
            ]
            state["passes"] += 1
        else:
            play = self._check_word(state, side, action)
            events = [self._place(state, seat, side, play)]
        events += self._advance(state, side, played=kind == "word")
        state["last_events"] = events
        return events

    def _check_word(self, state: State, side: int, action: Action) -> Play:
        """Every check of a word action, in the order a player would want to hear them."""
        extra = set(action) - {"type", "word", "spelling", "achievements"}
        require(
            not extra,
            "malformed-action",
            f"A word action has word, spelling and achievements; not {', '.join(sorted(extra))}.",
        )
        raw = action.get("word")
        if not isinstance(raw, str) or not raw.strip():
            raise IllegalAction(
                "malformed-action",
                'A word action names its word, e.g. {"type": "word", "word": "tree"}.',
            )
        word = raw.strip().lower()
        shown = _upper(word)
        problem = self.lexicon.check(word, min_length=3)
        require(
            problem != "too-short",
            "word-too-short",
            f"{shown} has {len(word)} letters; a word needs at least 3 letters: play a longer word "
            "or pass.",
        )
        require(
            problem != "not-letters" and word.isalpha(),
            "word-not-letters",
            f"{shown} is not made of letters only; hyphens, apostrophes, spaces and digits are "
            "not allowed: play another word or pass.",
        )
        grid = state["grid"]
        missing = missing_letter(word, grid)
        require(
            missing is None,
            "letter-not-on-grid",
            f"{shown} needs the letter {str(missing).upper()}, which is not on this round's grid: "
            "use only the grid's letters.",
        )
        require(
            problem is None,
            "word-not-in-dictionary",
            f"{shown} is not in the {self.opts.dictionary} dictionary (names, abbreviations "
            "and prefixes are not words here): try another word or pass.",
        )
        for entry in state["used"]:
            require(
                entry["word"] != word,
                "word-already-used",
                f"{shown} was already played this game (round {entry['round']}); "
                "each word is played once: try another word or pass.",
            )
            require(
                not self.related(word, entry["word"]),
                "word-same-family",
                f"{shown} is of the same family as {_upper(entry['word'])}, played in round "
                f"{entry['round']}; derivatives of played words are not allowed: try another "
                "word or pass.",
            )
        spelling = self._pick_spelling(word, grid, action.get("spelling"))
        supply = state["supply"][side]
        require(
            len(spelling) <= supply,
            "not-enough-cubes",
            f"{shown} needs {len(spelling)} cubes (one per letter) but you have {supply} left: "
            "play a shorter word or pass.",
        )
        claims = self._check_claims(state, spelling, action.get("achievements"), shown)
        require(
            len(spelling) + len(claims) <= supply,
            "not-enough-cubes",
            f"{shown} and {len(claims)} achievement cube(s) need {len(spelling) + len(claims)} "
            f"cubes but you have {supply} left: claim fewer achievements.",
        )
        return Play(word, spelling, claims)

    @staticmethod
    def _pick_spelling(word: str, grid: list[str], given: Any) -> list[str]:
        choices = spellings(word, grid)
        shown = _upper(word)
        if given is None:
            require(
                len(choices) == 1,
                "ambiguous-spelling",
                f"{shown} can be laid as "
                + " or as ".join(f"{spelled(c)} ({len(c)} cubes)" for c in choices)
                + "; say which with a spelling.",
                choices=choices,
            )
            return choices[0]
        require(
            isinstance(given, list) and all(isinstance(card, str) for card in given),
            "malformed-action",
            'A spelling is a list of grid cards, e.g. ["qu", "i", "e", "t"].',
        )
        wanted = [card.strip().lower() for card in given]
        require(
            wanted in choices,
            "bad-spelling",
            f"The cards {spelled(wanted) or '(none)'} do not spell {shown} on this grid; it can "
            "be laid as " + " or ".join(spelled(c) for c in choices) + ".",
        )
        return wanted

    @staticmethod
    def _check_claims(state: State, spelling: list[str], given: Any, shown: str) -> list[str]:
        if given is None:
            return []
        require(
            isinstance(given, list) and all(isinstance(card, str) for card in given),
            "malformed-action",
            'Achievements are a list of card ids in play, e.g. ["A3", "A7"].',
        )
        claims = [card.strip().upper() for card in given]
        in_play = state["achievements"]
        for card in claims:
            require(
                card in in_play,
                "achievement-not-in-play",
                f"{card} is not an achievement in play; claim only {', '.join(in_play)}.",
            )
            require(
                claims.count(card) == 1,
                "achievement-repeated",
                f"{card} is claimed twice; each achievement takes at most one cube per turn: "
                "name it once.",
            )
            require(
                achievement(card).fulfilled_by(spelling),
                "achievement-not-fulfilled",
                f"{shown} laid as {spelled(spelling)} does not fulfil {card} "
                f"({achievement(card).requirement}): leave it out.",
            )
        return claims

    def _place(self, state: State, seat: int, side: int, play: Play) -> Event:
        for card in play.spelling:
            state["cubes"][card][side] += 1
        for card in play.claims:
            state["claims"][card][side] += 1
        state["supply"][side] -= len(play.spelling) + len(play.claims)
        state["used"].append({"word": play.word, "side": side, "round": state["round"]})
        state["passes"] = 0
        return {
            "type": "word",
            "seat": seat,
            "side": side,
            "word": play.word,
            "spelling": play.spelling,
            "achievements": play.claims,
            "cubes": len(play.spelling) + len(play.claims),
        }

    def _advance(self, state: State, side: int, played: bool) -> list[Event]:
        """Whose turn is next, the round-end trigger, and the end of a round."""
        events: list[Event] = []
        sides = state["sides"]
        limits = constants()
        if state["trigger"] is not None:
            state["last_turns"].remove(side)
            if not state["last_turns"]:
                return events + self._end_round(state)
            state["turn"] = state["last_turns"][0]
            return events
        if played and state["supply"][side] <= limits["round_end_at"]:
            state["trigger"] = side
            state["bonus_ep"][side] += limits["trigger_bonus"]
            state["last_turns"] = [(side + step) % sides for step in range(1, sides)]
            state["turn"] = state["last_turns"][0]
            events.append(
                {
                    "type": "round-end-triggered",
                    "side": side,
                    "bonus": limits["trigger_bonus"],
                    "last_turns": list(state["last_turns"]),
                }
            )
            return events
        if state["passes"] >= sides:
            events.append({"type": "all-passed", "round": state["round"]})
            return events + self._end_round(state)
        state["turn"] = (side + 1) % sides
        return events

    def _end_round(self, state: State) -> list[Event]:
        sides = state["sides"]
        points = {
            card: scoring.card_points(card, counts) for card, counts in state["cubes"].items()
        }
        totals = scoring.letter_points(state["cubes"], sides)
        state["letter_ep"].append(totals)
        events: list[Event] = [
            {"type": "round-scored", "round": state["round"], "letters": points, "points": totals}
        ]
        if state["round"] >= constants()["rounds"]:
            return events + self._end_game(state)  # the last board stays on show
        for counts in state["cubes"].values():
            for side, count in enumerate(counts):
                state["supply"][side] += count
        on_cards = scoring.achievement_cubes(state["claims"], sides)
        first = scoring.next_first_player(on_cards, state["first"])
        rng = Rng(state["rng"])
        planned = state["planned"].pop(0)
        grid = sort_grid(planned or self._draw_grid(rng))
        state.update(
            round=state["round"] + 1,
            grid=grid,
            cubes={card: [0] * sides for card in grid},
            supply=[count + constants()["per_round"] for count in state["supply"]],
            first=first,
            turn=first,
            trigger=None,
            last_turns=[],
            passes=0,
        )
        events.append({"type": "new-round", "round": state["round"], "grid": grid, "first": first})
        return events

    def _end_game(self, state: State) -> list[Event]:
        sides = state["sides"]
        ach = scoring.achievement_totals(state["claims"], sides)
        totals = [
            sum(rounds[side] for rounds in state["letter_ep"]) + state["bonus_ep"][side] + ach[side]
            for side in range(sides)
        ]
        state["final"] = {"achievement_ep": ach, "totals": totals}
        return [{"type": "game-over", "achievement_ep": ach, "totals": totals}]

    # --- reading the state ------------------------------------------------------------------

    def banked(self, state: State) -> list[int]:
        """Each side's EP so far: finished rounds' letters, trigger bonuses, and at the end the
        achievements."""
        if state["final"] is not None:
            return list(state["final"]["totals"])
        return [
            sum(rounds[side] for rounds in state["letter_ep"]) + state["bonus_ep"][side]
            for side in range(state["sides"])
        ]

    def projected(self, state: State) -> list[int]:
        """Each side's EP if the round and the game ended now (banked + letters + achievements)."""
        if state["final"] is not None:
            return list(state["final"]["totals"])
        sides = state["sides"]
        letters_now = scoring.letter_points(state["cubes"], sides)
        ach = scoring.achievement_totals(state["claims"], sides)
        return [b + letters_now[s] + ach[s] for s, b in enumerate(self.banked(state))]

    def view(self, state: State, seat: int | None) -> View:
        from crafthall.games.wordcraft.view import build_view

        return build_view(self, state, seat)

    def result(self, state: State) -> Result | None:
        final = state["final"]
        if final is None:
            return None
        side_of = state["side_of"]
        cubes = scoring.achievement_cubes(state["claims"], state["sides"])
        scores = [final["totals"][side] for side in side_of]
        keys = [(final["totals"][side], cubes[side]) for side in side_of]
        details = {
            "achievement_cubes": [cubes[side] for side in side_of],
            "achievement_ep": [final["achievement_ep"][side] for side in side_of],
            "letter_ep": [[rounds[side] for rounds in state["letter_ep"]] for side in side_of],
            "bonus_ep": [state["bonus_ep"][side] for side in side_of],
        }
        if self.opts.teams is not None:
            details["teams"] = self.opts.teams
        return Result.from_keys(scores, keys, details)

    def turn_seconds(self, state: State) -> float | None:
        return self.opts.turn_seconds

    def timeout_action(self, state: State, seat: int) -> Action | None:
        return {"type": "pass", "timed_out": True}

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's side's projected EP minus the best other side's (greedy bots maximise it)."""
        values = self.projected(state)
        side = state["side_of"][seat]
        others = [value for other, value in enumerate(values) if other != side]
        return float(values[side] - max(others))

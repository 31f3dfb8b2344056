"""Wordsmith's rules: letter pieces, the simultaneous race for six words, and the variants.

The race is simultaneous: every seat that may act is active at once, and the engine applies
actions one at a time in arrival order. "The first valid claim of a word wins it" is then
sequential application: a later claim of the same word is refused (``word-already-claimed``).

Actions (see docs/rules/wordsmith.md): ``roll``, ``take`` (a piece after a wild or an empty
compartment, or for a Word by Word wild circle), ``claim`` (a word; every leftover piece is
discarded), ``pass`` (give up: for the rest of the challenge in the race, the one more word
after Done, or this word in Word by Word).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction, SetupError, require
from crafthall.engine.game import Result, action_type
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.wordgame import WordGame
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import Query, index_for
from crafthall.games.wordsmith.options import WordsmithOptions

ACTIONS = ("roll", "take", "claim", "pass")
LINES = 6
FIXED_KEYS = ("box", "pool", "pools", "dice", "required")


def seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


def _refuse_adding_after_done(state: State) -> None:
    """After Done the others claim one more word without adding pieces (no roll, no take)."""
    require(
        state["phase"] != "last-words",
        "no-adding-after-done",
        f"Done has been called by {seat_name(state['done_by'] or 0)}: you may claim one more "
        "word, but without adding pieces.",
    )


class Wordsmith(WordGame):
    name = "wordsmith"
    title = "Wordsmith"
    version = "1"
    min_seats = 1
    max_seats = 4
    Options = WordsmithOptions
    simultaneous = True
    options: WordsmithOptions

    free_boxes: ClassVar[int] = int(comp.data()["free_boxes"])
    bonus_boxes: ClassVar[int] = int(comp.data()["bonus_boxes"])

    # --- set-up ----------------------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        super().check_seats(seats)
        if self.options.handicap and len(self.options.handicap) != seats:
            raise SetupError(
                f"The handicap option gives {len(self.options.handicap)} entries for {seats} "
                "seats; give one number (0 to 6) per seat, e.g. handicap=[0,3]."
            )

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        fixed = dict(fixed or {})
        unknown = sorted(set(fixed) - set(FIXED_KEYS))
        if unknown:
            raise SetupError(
                f"Unknown fixed set-up key(s) {', '.join(unknown)}; Wordsmith knows "
                f"{', '.join(FIXED_KEYS)}."
            )
        box = _read_pool(fixed.get("box", comp.piece_totals()), "box")
        pools = _fixed_pools(fixed, box, seats)
        dice = fixed.get("dice", [])
        if not isinstance(dice, list) or any(face not in comp.PIECES for face in dice):
            raise SetupError(
                "The fixed 'dice' key is a list of die faces (red, yellow, blue, green), "
                'e.g. ["red", "blue"].'
            )
        required = _fixed_required(fixed.get("required"))
        state: State = {
            "rng": new_rng_state(seed),
            "seats": seats,
            "box": box,
            "fixed_pools": pools,
            "fixed_required": required,
            "forced": list(dice),
            "challenge": 0,
            "phase": "race",
            "tray": dict(box),
            "required": None,
            "start_pool": comp.empty_pool(),
            "claimed": {},
            "done_by": None,
            "round": 0,
            "round_roll": [],
            "players": [],
            "totals": [0] * seats,
            "history": [],
        }
        self._start_challenge(state)
        return state

    def _start_challenge(self, state: State) -> None:
        seats: int = state["seats"]
        state["challenge"] += 1
        state["tray"] = dict(state["box"])
        state["claimed"] = {}
        state["done_by"] = None
        state["round"] = 0
        state["round_roll"] = []
        handicap = list(self.options.handicap) or [0] * seats
        state["players"] = [
            {
                "pool": comp.empty_pool(),
                "sheet": [None] * LINES,
                "order": [],
                "last": None,
                "discards": 0,
                "crossed": handicap[seat],
                "pending": None,
                "wilds": 0,
                "status": "playing",
            }
            for seat in range(seats)
        ]
        state["required"] = self._required_letters(state) if self.options.advanced else None
        start = self._start_pool(state)
        state["start_pool"] = start
        for player in state["players"]:
            for piece, count in start.items():
                player["pool"][piece] += count
                state["tray"][piece] -= count
        if self.options.mode == "word-by-word":
            state["phase"] = "word"
            self._roll_round(state)
        else:
            state["phase"] = "race"

    def _start_pool(self, state: State) -> dict[str, int]:
        """The same pieces for every player: a fixed pool, or four dice rolled twice.

        A die whose colour the tray cannot give to every player is rolled again.
        """
        fixed: list[dict[str, int]] | None = state["fixed_pools"]
        if fixed:
            return dict(fixed[min(state["challenge"], len(fixed)) - 1])
        seats: int = state["seats"]
        pool = comp.empty_pool()
        dice = int(comp.data()["dice"]) * int(comp.data()["start_rolls"])

        def can_give(face: str) -> bool:
            return state["tray"][face] - pool[face] * seats >= seats

        for _ in range(dice):
            if not any(can_give(face) for face in comp.PIECES):
                break
            face = self._roll_die(state)
            while not can_give(face):
                face = self._roll_die(state)
            pool[face] += 1
        return pool

    def _required_letters(self, state: State) -> str:
        fixed: list[str] | None = state["fixed_required"]
        if fixed:
            return fixed[min(state["challenge"], len(fixed)) - 1]
        rng = Rng(state["rng"])
        if self.options.required_from == "word":
            candidates = [w for w in self.lexicon.words if len(w) == LINES]
            if candidates:
                return rng.choice(candidates)
        letters = list("abcdefghijklmnopqrstuvwxyz")
        rng.shuffle(letters)
        return "".join(letters[:LINES])

    def _roll_die(self, state: State) -> str:
        forced: list[str] = state["forced"]
        if forced:
            return forced.pop(0)
        return Rng(state["rng"]).choice(comp.FACES)

    def _roll_round(self, state: State) -> list[str]:
        """Word by Word: three dice for everyone (again if all are wild)."""
        count = int(comp.data()["word_by_word_dice"])
        while True:
            faces = [self._roll_die(state) for _ in range(count)]
            if not all(face in comp.WILD_FACES for face in faces):
                break
        state["round_roll"] = faces
        for player in state["players"]:
            player["status"] = "playing"
            player["wilds"] = 0
            for face in faces:
                if face in comp.WILD_FACES or state["tray"][face] == 0:
                    player["wilds"] += 1
                else:
                    player["pool"][face] += 1
                    state["tray"][face] -= 1
        return faces

    # --- who acts --------------------------------------------------------------------------

    def active_seats(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        return [seat for seat, p in enumerate(state["players"]) if p["status"] == "playing"]

    def boxes_left(self, player: dict[str, Any]) -> int:
        """Unchecked discard boxes (free boxes crossed out for player level are gone)."""
        total = self.free_boxes + self.bonus_boxes
        return max(0, total - player["crossed"] - player["discards"])

    def bonus_left(self, player: dict[str, Any]) -> int:
        """Unchecked bonus boxes: discards fill the remaining free boxes first."""
        free = self.free_boxes - player["crossed"]
        return max(0, self.bonus_boxes - max(0, player["discards"] - free))

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        if seat not in self.active_seats(state):
            return
        player = state["players"][seat]
        tray: dict[str, int] = state["tray"]
        if player["pending"] is not None:
            for piece in player["pending"]:
                if tray[piece] > 0:
                    yield {"type": "take", "piece": piece}
            yield {"type": "pass"}
            return
        if state["phase"] == "race" and any(tray.values()):
            yield {"type": "roll"}
        if state["phase"] == "word" and player["wilds"] > 0:
            for piece in comp.PIECES:
                if tray[piece] > 0:
                    yield {"type": "take", "piece": piece}
        yield from self.claims(state, seat)
        yield {"type": "pass"}

    def claims(self, state: State, seat: int) -> Iterator[Action]:
        """Every claim that ``seat`` may make now and that would score.

        In Secret Wordsmith a claim of a non-word is accepted too (it scores zero); only the
        scoring claims are listed.
        """
        player = state["players"][seat]
        leftover = self.boxes_left(player) - player["wilds"]
        if leftover < 0:
            return
        if self.options.secret:
            excluded = frozenset(w for w in player["sheet"] if w)
        else:
            excluded = frozenset(state["claimed"])
        index = index_for(self.lexicon)
        base = {
            "min_length": self.options.min_length,
            "max_leftover": leftover,
            "previous": player["last"],
            "excluded": excluded,
        }
        if state["required"] is None:
            for word in index.find(player["pool"], Query(**base)):
                yield {"type": "claim", "word": word}
            return
        for line, letter in enumerate(state["required"]):
            if player["sheet"][line] is None:
                for word in index.find(player["pool"], Query(**base, required=letter)):
                    yield {"type": "claim", "word": word, "line": line}

    # --- applying actions ------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        kind = action_type(action, ACTIONS)
        if kind == "roll":
            events = self._roll(state, seat)
        elif kind == "take":
            events = self._take(state, seat, action)
        elif kind == "claim":
            events = self._claim(state, seat, action)
        else:
            events = self._pass(state, seat)
        events.extend(self._advance(state))
        return events

    def _roll(self, state: State, seat: int) -> list[Event]:
        player = state["players"][seat]
        tray: dict[str, int] = state["tray"]
        require(
            state["phase"] != "word",
            "no-rolling-in-word-by-word",
            "In Word by Word nobody rolls a die; the three dice are rolled for everyone at the "
            "start of each word.",
        )
        _refuse_adding_after_done(state)
        require(
            player["pending"] is None,
            "choose-piece-first",
            "Your last roll still waits for you to take a piece (e.g. 'take blue').",
        )
        require(
            any(tray.values()), "tray-empty", "The tray is empty: there is no piece to roll for."
        )
        face = self._roll_die(state)
        event: Event = {"type": "rolled", "seat": seat, "face": face}
        if face in comp.WILD_FACES:
            player["pending"] = [p for p in comp.PIECES if tray[p] > 0]
            event["choice"] = "wild"
        elif tray[face] == 0:
            player["pending"] = [p for p in comp.PIECES if tray[p] > 0]
            event["choice"] = "empty"
        else:
            tray[face] -= 1
            player["pool"][face] += 1
            event["piece"] = face
        return [event]

    def _take(self, state: State, seat: int, action: Action) -> list[Event]:
        player = state["players"][seat]
        piece = action.get("piece")
        require(
            piece in comp.PIECES,
            "unknown-piece",
            f"{piece!r} is not a piece; the pieces are red (long straight), yellow (short "
            "straight), blue (large curve) and green (small curve).",
        )
        assert isinstance(piece, str)
        if player["pending"] is not None:
            require(
                piece in player["pending"] and state["tray"][piece] > 0,
                "piece-not-offered",
                f"The {piece} compartment is empty; take one of: "
                f"{', '.join(p for p in player['pending'] if state['tray'][p] > 0)}.",
            )
            player["pending"] = None
        else:
            _refuse_adding_after_done(state)
            require(
                player["wilds"] > 0,
                "nothing-to-take",
                "You have no wild circle left for this word; claim a word or pass."
                if state["phase"] == "word"
                else "You may only take a piece of your choice after rolling a wild or an "
                "empty compartment; roll the die instead.",
            )
            require(
                state["tray"][piece] > 0,
                "piece-not-offered",
                f"The {piece} compartment of the tray is empty; choose another piece.",
            )
            player["wilds"] -= 1
        state["tray"][piece] -= 1
        player["pool"][piece] += 1
        return [{"type": "took", "seat": seat, "piece": piece}]

    def check_claim(self, state: State, seat: int, action: Action) -> tuple[str, int, str]:
        """Validate a claim: the word, its sheet line, and the sentence saying why it stands.

        Secret Wordsmith checks here only what the pieces and the sheet make physical (the
        symbols, the length, the pool, the discard boxes, a free line); the dictionary, the
        new-letter rule and the required letter are checked at scoring.
        """
        player = state["players"][seat]
        raw = action.get("word")
        require(
            isinstance(raw, str) and bool(raw.strip()),
            "malformed-action",
            'A claim names its word, e.g. {"type": "claim", "word": "cast"}.',
        )
        assert isinstance(raw, str)
        word = raw.strip().lower().replace("\u2019", "'")
        shown = word.upper()
        bad = sorted({symbol for symbol in word if symbol not in comp.SYMBOLS})
        require(
            not bad,
            "not-letters",
            f"{shown} holds {', '.join(repr(b) for b in bad)}, which no letter pieces build; "
            "words use the letters A-Z, the hyphen and the apostrophe.",
        )
        require(
            len(word) >= self.options.min_length,
            "word-too-short",
            f"{shown} has {len(word)} letter(s); a word needs at least {self.options.min_length}.",
        )
        line = self._claim_line(state, player, action, word)
        needed = comp.recipe(word)
        pool: dict[str, int] = player["pool"]
        short = {p: needed[p] - pool[p] for p in comp.PIECES if needed[p] > pool[p]}
        require(
            not short,
            "not-buildable",
            f"{shown} needs {comp.describe_pieces(needed)}; your pool lacks "
            f"{comp.describe_pieces(short)}.",
        )
        leftover = comp.pool_size(pool) - comp.pool_size(needed)
        to_check = leftover + player["wilds"]
        boxes = self.boxes_left(player)
        circles = " (with your unused wild circles)" if player["wilds"] else ""
        require(
            boxes > 0 or to_check == 0,
            "must-use-all-pieces",
            f"All your discard boxes are checked, so a word must use every piece of your pool; "
            f"{shown} leaves {leftover} piece(s){circles}.",
        )
        require(
            to_check <= boxes,
            "too-many-leftovers",
            f"{shown} would discard {to_check} piece(s){circles} but only {boxes} discard "
            "box(es) are left unchecked.",
        )
        if self.options.secret:
            return word, line, f"{shown} is written on the sheet; it is checked at scoring."
        problem = self.word_problem(state, player, word, line)
        if problem is not None:
            details: dict[str, Any] = {"word": word}
            if problem[0] == "word-already-claimed":
                details["by"] = state["claimed"][word]  # the seat whose claim came first
            raise IllegalAction(problem[0], problem[1], **details)
        reason = f"{shown} stands: a dictionary word, built from the pool, not yet claimed"
        if player["last"]:
            new = sorted(set(word) - set(player["last"]))
            reason += f", new letter(s) {', '.join(new).upper()} after {player['last'].upper()}"
        if state["required"] is not None:
            reason += f", holds the required letter {state['required'][line].upper()}"
        return word, line, reason + "."

    def word_problem(
        self, state: State, player: dict[str, Any], word: str, line: int
    ) -> tuple[str, str] | None:
        """Why a word (built and placed) is not valid: (code, sentence), or None.

        Used at claim time in the open game and at scoring in Secret Wordsmith.
        """
        shown = word.upper()
        if not self.lexicon.contains(word, allow_hyphen=True, allow_apostrophe=True):
            return (
                "word-not-in-dictionary",
                f"{shown} is not in the {self.lexicon.name} dictionary (no proper names, "
                "abbreviations, slang or foreign words).",
            )
        if not self.options.secret and word in state["claimed"]:
            return (
                "word-already-claimed",
                f"{shown} has already been claimed by {seat_name(state['claimed'][word])} in "
                "this challenge.",
            )
        if self.options.secret and word in [w for w in player["sheet"] if w]:
            return ("word-already-claimed", f"{shown} is already on your sheet.")
        last = player["last"]
        if last and not set(word) - set(last):
            return (
                "no-new-letter",
                f"{shown} has no letter that is not in your previous word {last.upper()}; "
                "a word must add at least one new letter.",
            )
        if state["required"] is not None and state["required"][line] not in word:
            letter = state["required"][line].upper()
            return (
                "missing-required-letter",
                f"{shown} does not contain {letter}, the required letter of line {line + 1}.",
            )
        return None

    def _claim_line(self, state: State, player: dict[str, Any], action: Action, word: str) -> int:
        if state["required"] is None:
            return len(player["order"])
        line = action.get("line")
        require(
            isinstance(line, int) and not isinstance(line, bool) and 0 <= line < LINES,
            "line-needed",
            f"In the Advanced Game a claim names its sheet line 0 to 5 (required letters "
            f'{state["required"].upper()}), e.g. {{"type": "claim", "word": "{word}", '
            '"line": 0}.',
        )
        assert isinstance(line, int)
        require(
            player["sheet"][line] is None,
            "line-taken",
            f"Line {line + 1} of your sheet already holds a word; choose a free line.",
        )
        return line

    def _claim(self, state: State, seat: int, action: Action) -> list[Event]:
        require(
            state["players"][seat]["pending"] is None,
            "choose-piece-first",
            "Take the piece of your last roll first (e.g. 'take blue'), then claim.",
        )
        word, line, reason = self.check_claim(state, seat, action)
        player = state["players"][seat]
        needed = comp.recipe(word)
        discarded = {p: player["pool"][p] - needed[p] for p in comp.PIECES}
        for piece, count in discarded.items():
            state["tray"][piece] += count
        checked = comp.pool_size(discarded) + player["wilds"]
        player["pool"] = needed
        player["discards"] += checked
        player["wilds"] = 0
        player["sheet"][line] = word
        player["order"].append(line)
        player["last"] = word
        event: Event = {
            "type": "claimed",
            "seat": seat,
            "words": len(player["order"]),
            "discarded": comp.pool_size(discarded),
            "boxes_checked": checked,
        }
        if self.options.secret:
            event["reason"] = "A word is written on the sheet; it is checked at scoring."
        else:
            state["claimed"][word] = seat
            event.update(word=word, reason=reason)
            if state["required"] is not None:
                event["line"] = line
        if state["phase"] == "word":
            player["status"] = "waiting"
        elif state["phase"] == "last-words":
            player["status"] = "finished"
        events = [event]
        if state["phase"] == "race" and len(player["order"]) == LINES:
            events.append(self._call_done(state, seat))
        return events

    def _call_done(self, state: State, seat: int) -> Event:
        state["phase"] = "last-words"
        state["done_by"] = seat
        state["players"][seat]["status"] = "done"
        return {"type": "done", "seat": seat}

    def _pass(self, state: State, seat: int) -> list[Event]:
        player = state["players"][seat]
        player["pending"] = None
        player["wilds"] = 0
        player["status"] = "waiting" if state["phase"] == "word" else "passed"
        return [{"type": "passed", "seat": seat, "phase": state["phase"]}]

    def _advance(self, state: State) -> list[Event]:
        """End the word round or the challenge when nobody is left to act."""
        if self.active_seats(state):
            return []
        events: list[Event] = []
        if state["phase"] == "word" and state["round"] + 1 < LINES:
            state["round"] += 1
            faces = self._roll_round(state)
            return [{"type": "round", "word": state["round"] + 1, "faces": faces}]
        events.append(self._score_challenge(state))
        if state["challenge"] >= self.options.challenges:
            state["phase"] = "over"
            events.append({"type": "game-over", "totals": list(state["totals"])})
        else:
            self._start_challenge(state)
            events.append(
                {
                    "type": "challenge",
                    "challenge": state["challenge"],
                    "pool": dict(state["start_pool"]),
                    "required": state["required"],
                }
            )
            if state["phase"] == "word":
                events.append({"type": "round", "word": 1, "faces": list(state["round_roll"])})
        return events

    # --- scoring ---------------------------------------------------------------------------

    def score_sheet(self, state: State, seat: int) -> tuple[list[dict[str, Any]], int, int]:
        """The scored lines of a seat's sheet (claim order), its bonus and its total."""
        player = state["players"][seat]
        lines: list[dict[str, Any]] = []
        replay = {**player, "sheet": [None] * LINES, "last": None}
        for line in player["order"]:
            word: str = player["sheet"][line]
            problem = self.word_problem(state, replay, word, line) if self.options.secret else None
            points = 0 if problem else len(word)
            lines.append(
                {
                    "line": line,
                    "word": word,
                    "points": points,
                    "valid": problem is None,
                    "reason": problem[1] if problem else "",
                }
            )
            replay["sheet"][line] = word
            replay["last"] = word
        bonus = self.bonus_left(player)
        return lines, bonus, sum(entry["points"] for entry in lines) + bonus

    def _score_challenge(self, state: State) -> Event:
        sheets, bonuses, scores = [], [], []
        for seat in range(state["seats"]):
            lines, bonus, score = self.score_sheet(state, seat)
            sheets.append(lines)
            bonuses.append(bonus)
            scores.append(score)
            state["totals"][seat] += score
        state["history"].append(
            {
                "challenge": state["challenge"],
                "required": state["required"],
                "sheets": sheets,
                "bonus": bonuses,
                "scores": scores,
            }
        )
        return {
            "type": "scored",
            "challenge": state["challenge"],
            "scores": scores,
            "totals": list(state["totals"]),
        }

    def running_score(self, state: State, seat: int) -> int:
        """A seat's total so far, counting the current challenge's words at face value."""
        player = state["players"][seat]
        if state["phase"] == "over":
            return int(state["totals"][seat])
        letters = sum(len(word) for word in player["sheet"] if word)
        return int(state["totals"][seat]) + letters + self.bonus_left(player)

    # --- views and results -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        secret = self.options.secret and state["phase"] != "over"
        players = []
        for other, player in enumerate(state["players"]):
            visible = not secret or other == seat
            players.append(
                {
                    "pool": dict(player["pool"]),
                    "words": len(player["order"]),
                    "sheet": list(player["sheet"]) if visible else None,
                    "last": player["last"] if visible else None,
                    "discards": player["discards"],
                    "crossed": player["crossed"],
                    "boxes_left": self.boxes_left(player),
                    "bonus_left": self.bonus_left(player),
                    "pending": list(player["pending"]) if player["pending"] else None,
                    "wilds": player["wilds"],
                    "status": player["status"],
                }
            )
        if secret:
            scores = list(state["totals"])
            if seat is not None:
                scores[seat] = self.running_score(state, seat)
        else:
            scores = [self.running_score(state, s) for s in range(state["seats"])]
        return {
            "game": self.name,
            "mode": self.options.mode,
            "secret": self.options.secret,
            "advanced": self.options.advanced,
            "min_length": self.options.min_length,
            "challenge": state["challenge"],
            "challenges": self.options.challenges,
            "phase": state["phase"],
            "prompt": self._prompt(state, seat),
            "you": seat,
            "active": self.active_seats(state),
            "tray": dict(state["tray"]),
            "start_pool": dict(state["start_pool"]),
            "required": state["required"],
            "round": state["round"] + 1 if state["phase"] == "word" else None,
            "round_roll": list(state["round_roll"]),
            "done_by": state["done_by"],
            "claimed": {} if secret else dict(state["claimed"]),
            "players": players,
            "scores": scores,
            "totals": list(state["totals"]),
            "history": state["history"],
        }

    def _prompt(self, state: State, seat: int | None) -> str:
        phase = state["phase"]
        if phase == "over":
            return "The game is over."
        if seat is None or seat not in self.active_seats(state):
            return "Waiting for the other players."
        player = state["players"][seat]
        if player["pending"]:
            return f"Take a piece: {', '.join(player['pending'])}."
        if phase == "race":
            return "Roll for a piece, claim a word, or pass if you can find no more words."
        if phase == "last-words":
            return (
                f"{seat_name(state['done_by'])} called Done: claim one more word without "
                "adding pieces, or pass."
            )
        wilds = f" (you have {player['wilds']} wild piece(s) to take)" if player["wilds"] else ""
        return f"Word {state['round'] + 1}: claim a word{wilds}, or pass this word."

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        totals: list[int] = state["totals"]
        return Result.from_keys(
            totals,
            [[total] for total in totals],
            {"challenges": [entry["scores"] for entry in state["history"]]},
        )

    def evaluate(self, state: State, seat: int) -> float:
        return float(self.running_score(state, seat))


# --- fixed set-up helpers ----------------------------------------------------------------------


def _read_pool(value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, dict) or any(
        piece not in comp.PIECES or not isinstance(n, int) or n < 0 for piece, n in value.items()
    ):
        raise SetupError(
            f"The fixed '{key}' key maps piece colours to counts, e.g. "
            '{"red": 3, "yellow": 2, "blue": 1, "green": 2}.'
        )
    return {piece: int(value.get(piece, 0)) for piece in comp.PIECES}


def _fixed_pools(fixed: dict[str, Any], box: dict[str, int], seats: int) -> list[dict[str, int]]:
    if "pool" in fixed and "pools" in fixed:
        raise SetupError("Give either a fixed 'pool' (every challenge) or 'pools', not both.")
    if "pool" in fixed:
        raw = [fixed["pool"]]
    else:
        raw = fixed.get("pools", [])
        if not isinstance(raw, list):
            raise SetupError("The fixed 'pools' key is a list of pools, one per challenge.")
    pools = [_read_pool(item, "pool") for item in raw]
    for pool in pools:
        for piece in comp.PIECES:
            if pool[piece] * seats > box[piece]:
                raise SetupError(
                    f"A starting pool of {pool[piece]} {piece} for each of {seats} players "
                    f"needs more than the {box[piece]} {piece} pieces in the box."
                )
    return pools


def _fixed_required(value: Any) -> list[str] | None:
    if value is None:
        return None
    raw = [value] if isinstance(value, str) else value
    if (
        not isinstance(raw, list)
        or not raw
        or any(
            not isinstance(s, str) or len(s) != LINES or any(ch not in comp.SYMBOLS for ch in s)
            for s in raw
        )
    ):
        raise SetupError(
            "The fixed 'required' key is six letters (e.g. \"danger\") or a list of such, one "
            "per challenge."
        )
    return [s.lower() for s in raw]

"""The shape of an Enchanted Grid state, and of a seat's view: what every key of the plain dicts
holds.

The state stays a plain dict of JSON values (the engine clones it, records replay it, and the
search clones it thousands of times a move), so these are :class:`TypedDict` descriptions, not
classes of their own: they cost nothing at run time and let the type checker catch a
misspelled key or a value of the wrong kind. The engine hands the game a ``dict[str, Any]``;
the ``Game`` methods in :mod:`.rules` (and the bots' and the search's entry points) read it as
an :class:`EnchantedGridState` once, at that boundary.

Cards are ids (ints, see :mod:`.components`); cells are keyed ``"x,y"`` in the state (JSON
objects have string keys) and written ``[x, y]`` in views and events.
"""

# No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` from the
# annotations as they are evaluated (its ``__optional_keys__``, which the tests check).
from typing import Any, Literal, NotRequired, TypedDict

Phase = Literal["play", "scramble", "over"]
"""Playing cards round after round, the final scramble for leftover words, the end."""


class GridEntry(TypedDict):
    """One card of a cell's stack (bottom card first)."""

    card: int
    by: int
    """The seat that laid it (a face-down card's words are claimed for it at the reveal)."""
    down: bool
    """Face down: a blank for reading words; only ``by`` knows its letter."""


class ClaimedCards(TypedDict):
    """Who claimed which cards: all that deciding the awards needs (:mod:`.words`)."""

    seat: int
    cards: list[int]
    """The word's card ids, in the word's own order."""


class Claim(ClaimedCards):
    """A line of the Words Created list."""

    word: str
    """Upper case, as read."""
    direction: str
    """``across``, ``down``, or ``up`` (a table whose columns read either way)."""


class Award(TypedDict):
    """A word won: at a round's end (every standing claim) or by a claim in the scramble."""

    seat: int
    word: str
    cards: int
    """How many of its cards the seat won (a shared letter may go to a longer word)."""


class EnchantedGridState(TypedDict):
    """A whole table. Every key is present from set-up on."""

    rng: dict[str, int]
    """The state's own generator (:mod:`crafthall.engine.rng`): its seed and draws so far."""
    seats: int
    deck: list[int]
    """The draw pile, next card first."""
    hands: list[list[int]]
    won: list[list[int]]
    """Each seat's pile of won cards: its score."""
    grid: dict[str, list[GridEntry]]
    """Each occupied cell's stack, bottom card first (:mod:`.grid`)."""
    tops: dict[str, int]
    """The face-up top card of each cell that has one, kept by :class:`.grid.Board`: what
    words are read from."""
    enchanters: list[list[Any]]
    """``[x, y, colour]`` of every cell topped by a face-up Enchanter (the zones' centres),
    kept by :class:`.grid.Board`."""
    claims: list[Claim]
    """The Words Created list, in the order claimed."""
    counter: int
    """Cards played this round."""
    round: int
    first: int
    """The seat that started this round."""
    turn: int
    """The seat to act."""
    phase: Phase
    passes: int
    """Passes in a row during the scramble."""
    revealed: int
    """Face-down cards turned up so far (a move that turns one up cannot be taken back)."""
    last_round: list[Award]
    """The awards of the last round (public)."""
    total: int
    """Cards in this game: in the deck, the hands and on the grid at set-up."""


# --- the view ------------------------------------------------------------------------------


class ShownCard(TypedDict):
    """A face-up card as views and events show it (:func:`.components.card_json`)."""

    id: int
    letter: str
    colour: str
    enchanter: bool


class ShownCell(TypedDict):
    """A cell of the grid as a seat sees it: its top card and how many lie under it."""

    at: list[int]
    under: int
    face_down: bool
    by: NotRequired[int]
    """A face-down card's placer."""
    card: NotRequired[ShownCard]
    """The top card: always when face up; face down, only for its placer."""


class Zone(TypedDict):
    at: list[int]
    colours: list[str]
    """The colours of the zones covering the cell, sorted."""


class ShownWord(TypedDict):
    """A word standing on the grid (claimed or not)."""

    word: str
    direction: str
    cells: list[list[int]]


class ShownClaim(TypedDict):
    """A line of the Words Created list, with the cells its cards lie on."""

    seat: int
    word: str
    direction: str
    cells: list[list[int]]


class TableView(TypedDict):
    """The game's own keys of a view as a spectator sees them (:func:`.view.table_view`)."""

    round: int
    counter: int
    round_cards: int
    first: int
    grid: list[ShownCell]
    zones: list[Zone]
    words: list[ShownWord]
    claims: list[ShownClaim]
    pending: list[int]
    """Cards each seat's standing claims would win if the round ended now."""
    hand: list[ShownCard] | None
    """The viewer's hand; ``None`` for a spectator."""
    hand_sizes: list[int]
    deck: int
    last_round: list[Award]


class SeatKeys(TypedDict, total=False):
    """The keys a seat sees otherwise than a spectator (:func:`.view.seat_keys`)."""

    hand: list[ShownCard]
    grid: list[ShownCell]
    """The grid with the letters of the seat's own face-down cards."""


class EnchantedGridView(TableView):
    """A whole view: the engine's frame (``Game.frame``) and the game's keys."""

    game: str
    seat: int | None
    active: list[int]
    phase: Phase
    prompt: str
    scores: list[int]

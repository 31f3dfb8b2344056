"""The rulebook's sample play, move by move, as a match record with a fixed set-up.

``sample_play.jsonl`` is the record: 14 cards, P1 and P2 alternating. After every move the
whole board (each cell's top card, ``?`` for a face-down card, ``.`` for an empty cell), the
cells holding covered cards, and the Words Created list are checked against what the sample
says; then the round's end (SIT to P2, HUG to P1, the hidden card revealed, the counter reset,
P2 starting round 2). Readings taken (see the rules page, Interpretations): D under O reads
GOD (the sample's "DOG"), the award "RUG" is HUG, "I on top of U" is above U, and E goes beside
I. The same moves at a table whose columns read either way (option ``reading: either``) claim
the sample's DOG, and the words the sample never names that the upward reading adds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from crafthall.engine import Match
from crafthall.engine.record import Move, parse_lines
from crafthall.games import match_from_lines
from crafthall.games.enchanted_grid import EnchantedGrid
from crafthall.games.enchanted_grid.components import card
from crafthall.lexicon import Lexicon, load
from crafthall.tutorial import Lesson
from crafthall.tutorial import load as load_tutorial
from tests.games.enchanted_grid.helpers import WORDS, claims, conserved, letters
from tests.support import assert_replays

RECORD = Path(__file__).with_name("sample_play.jsonl")


class Step(NamedTuple):
    seat: int
    said: str
    corner: tuple[int, int]
    """The top-left cell of ``rows``."""
    rows: list[str]
    covered: set[tuple[int, int]]
    """Cells with a card underneath the top one."""
    words: list[tuple[str, int]]
    """The Words Created list: (word, seat) in the order claimed."""


STEPS = [
    Step(0, "P1 places a grey Enchanter U", (0, 0), ["U"], set(), []),
    Step(1, "P2 places a green B next to U", (-1, 0), ["BU"], set(), []),
    Step(0, "P1 places a green S next to U: BUS", (-1, 0), ["BUS"], set(), [("BUS", 0)]),
    Step(1, "P2 places a red Enchanter T under U", (-1, 0), ["BUS", ".T."], set(), [("BUS", 0)]),
    Step(
        0, "P1 places a grey card face down next to T", (-1, 0), ["BUS", "?T."], set(),
        [("BUS", 0)],
    ),
    Step(
        1, "P2 overwrites S with a red G: BUS eliminated, BUG claimed", (-1, 0), ["BUG", "?T."],
        {(1, 0)}, [("BUG", 1)],
    ),
    Step(
        0, "P1 places a red S next to the hidden card", (-2, 0), [".BUG", "S?T."], {(1, 0)},
        [("BUG", 1)],
    ),
    Step(
        1, "P2 overwrites the hidden card with a red I: SIT", (-2, 0), [".BUG", "SIT."],
        {(1, 0), (-1, 1)}, [("BUG", 1), ("SIT", 1)],
    ),
    Step(
        0, "P1 places a green O next to T: GO (TO is not counted, SIT is longer)", (-2, 0),
        [".BUG", "SITO"], {(1, 0), (-1, 1)}, [("BUG", 1), ("SIT", 1), ("GO", 0)],
    ),
    Step(
        1, "P2 places a blue D under O: GOD (the sample's DOG), GO removed", (-2, 0),
        [".BUG", "SITO", "...D"], {(1, 0), (-1, 1)}, [("BUG", 1), ("SIT", 1), ("GOD", 1)],
    ),
    Step(
        0, "P1 places a green Enchanter I on top of (above) U", (-2, -1),
        ["..I.", ".BUG", "SITO", "...D"], {(1, 0), (-1, 1)},
        [("BUG", 1), ("SIT", 1), ("GOD", 1)],
    ),
    Step(
        1, "P2 places a green E beside I", (-2, -1), [".EI.", ".BUG", "SITO", "...D"],
        {(1, 0), (-1, 1)}, [("BUG", 1), ("SIT", 1), ("GOD", 1)],
    ),
    Step(
        0, "P1 inserts a green Enchanter H, shifting U and G right: BUG and GOD broken, HUG",
        (-2, -1), [".EI..", ".BHUG", "SITO.", "...D."], {(2, 0), (-1, 1)},
        [("SIT", 1), ("HUG", 0)],
    ),
    # The 14th card ends the round: SIT and HUG are lifted off, the cards they covered come
    # up (the hidden N, revealed; the S under G), the unused letters stay.
    Step(
        1, "P2 places a blue L next to I; the round ends", (-1, -1),
        ["EIL.", "B..S", "N.O.", "..D."], set(), [],
    ),
]  # fmt: skip


def picture(match: Match) -> tuple[tuple[int, int], list[str]]:
    """The board as rows of top letters over the cards' bounding box, and its top-left cell."""
    board = letters(match)
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    rows = [
        "".join(board.get((x, y), ".") for x in range(min(xs), max(xs) + 1))
        for y in range(min(ys), max(ys) + 1)
    ]
    return (min(xs), min(ys)), rows


def covered(match: Match) -> set[tuple[int, int]]:
    return {
        (int(k.split(",")[0]), int(k.split(",")[1]))
        for k, stack in match.state["grid"].items()
        if len(stack) > 1
    }


def letters_of(ids: list[int]) -> list[str]:
    return [card(i).letter for i in ids]


def sample_match(lexicon: Lexicon | None = WORDS, **options: str) -> tuple[Match, list[Move]]:
    """The table as the record's header lays it (with ``options`` added), and the record's moves
    (not yet played); ``lexicon=None`` reads with the table's own dictionary, the default."""
    lines = RECORD.read_text().splitlines()
    header = json.loads(lines[0])
    header["options"] = {**header["options"], **options}
    return match_from_lines([json.dumps(header)], lexicon=lexicon), parse_lines(lines)[1]


def test_every_move_of_the_sample_play() -> None:
    match, moves = sample_match()
    assert len(moves) == len(STEPS) == 14
    events: list[dict[str, object]] = []
    for number, (step, move) in enumerate(zip(STEPS, moves, strict=True), start=1):
        assert move.seat == step.seat, step.said
        assert match.active_seats() == [step.seat], step.said
        events = match.apply(move.seat, move.action)
        assert picture(match) == (step.corner, step.rows), step.said
        assert covered(match) == step.covered, step.said
        assert claims(match) == step.words, step.said
        assert conserved(match) == match.state["total"], step.said
        if number < 14:
            assert match.state["counter"] == number, step.said
            assert [len(h) for h in match.state["hands"]] == [5, 5], step.said  # drew a card
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    assert awards == [("SIT", 1, 3), ("HUG", 0, 3)]
    won = match.state["won"]
    assert sorted(letters_of(won[1])) == ["I", "S", "T"]
    assert sorted(letters_of(won[0])) == ["G", "H", "U"]
    # The hidden grey N was under I: it surfaces and is revealed for the next round.
    assert [e["card"]["letter"] for e in events if e["type"] == "revealed"] == ["N"]
    assert not any(stack[-1]["down"] for stack in match.state["grid"].values())
    state = match.state
    assert state["claims"] == [] and state["counter"] == 0 and state["round"] == 2
    assert state["first"] == 1 and match.active_seats() == [1]  # P2 starts the second round
    assert_replays(match)


def test_the_hidden_card_is_hidden_from_the_other_player_only() -> None:
    match, moves = sample_match()
    for move in moves[:5]:
        match.apply(move.seat, move.action)
    mine = next(c for c in match.view(0)["grid"] if c["at"] == [-1, 1])
    theirs = next(c for c in match.view(1)["grid"] if c["at"] == [-1, 1])
    spectator = next(c for c in match.view(None)["grid"] if c["at"] == [-1, 1])
    assert mine["face_down"] and mine["card"]["letter"] == "N"
    assert theirs == spectator == {"at": [-1, 1], "under": 0, "face_down": True, "by": 0}
    event = match.events[-1]
    assert event["how"] == "face-down" and event["card"] is None


def test_the_record_replays_to_the_same_table() -> None:
    match = match_from_lines(RECORD.read_text().splitlines(), lexicon=WORDS)
    assert match.state["round"] == 2
    assert_replays(match)


def test_obscure_two_letter_words_the_sample_with_the_default_dictionary() -> None:
    """Issue 18, item 8. Words are claimed automatically, so the default dictionary is the
    common list: it knows every word of the sample and none of BI, ER, ENS, XI or OI. The
    sample replays with it to exactly the sample's claims (no BI for P2), and GO, a 2-letter
    word the sample claims, still counts."""
    match, moves = sample_match(lexicon=None)
    game = match.game
    assert isinstance(game, EnchantedGrid)
    assert game.options.dictionary == "common" and game.options.min_word == 2
    for word in ("bus", "bug", "sit", "go", "god", "hug", "to", "do", "mad", "dare", "tax"):
        assert word in game.lexicon, word
    for word in ("bi", "er", "ens", "xi", "oi"):
        assert word not in game.lexicon, word
    claimed: list[list[tuple[str, int]]] = []
    for move in moves[:13]:
        match.apply(move.seat, move.action)
        claimed.append(claims(match))
    assert claimed[8] == [("BUG", 1), ("SIT", 1), ("GO", 0)]
    assert claimed[-1] == [("SIT", 1), ("HUG", 0)]
    events = match.apply(1, moves[13].action)
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    assert awards == [("SIT", 1, 3), ("HUG", 0, 3)]


def test_the_sample_with_the_standard_dictionary() -> None:
    """The standard list also knows BI (B over I in column -1): P2 claims it with SIT and wins
    the B (SIT, the longer word, keeps the shared I); everything else is as in the sample."""
    lexicon = load("standard")
    for word in ("bus", "bug", "sit", "go", "god", "hug", "to"):
        assert word in lexicon
    match, moves = sample_match(lexicon)
    for move in moves[:13]:
        match.apply(move.seat, move.action)
    assert claims(match) == [("SIT", 1), ("BI", 1), ("HUG", 0)]
    events = match.apply(1, moves[13].action)
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    assert awards == [("SIT", 1, 3), ("BI", 1, 1), ("HUG", 0, 3)]


def test_the_sample_read_with_columns_either_way() -> None:
    """Issue "Rules fidelity, third pass", item 5. With ``reading: either`` a column reads down
    or up, the longer word (the upward one on equal length): the sample's moves claim GO down
    the column, then DOG up it ("P2 places a blue D under O, claims the word DOG and removes GO
    from P1's claimed words list"), and H's push "breaks the words BUG and DOG". No reading
    makes the sample's RUG (no R is ever played): P1's word is HUG. The upward reading also
    makes words the sample never names, with the default dictionary: BE up column -1 when E
    goes beside I (E above B above I), and with H's push HI (T H I up column 0) and DO (D O U up
    column 1)."""
    match, moves = sample_match(lexicon=None, reading="either")
    game = match.game
    assert isinstance(game, EnchantedGrid) and game.options.reading == "either"
    claimed: list[list[tuple[str, int]]] = []
    for move in moves[:13]:
        match.apply(move.seat, move.action)
        claimed.append(claims(match))
    assert claimed[2] == [("BUS", 0)]  # a row still reads left to right only: not SUB
    assert claimed[8] == [("BUG", 1), ("SIT", 1), ("GO", 0)]  # GO read down
    assert claimed[9] == [("BUG", 1), ("SIT", 1), ("DOG", 1)]  # DOG read up; GO struck off
    assert claimed[10] == claimed[9]  # the I above U: nothing
    assert claimed[11] == [("BUG", 1), ("SIT", 1), ("DOG", 1), ("BE", 1)]  # not in the sample
    assert claimed[12] == [("SIT", 1), ("BE", 1), ("HUG", 0), ("HI", 0), ("DO", 0)]
    events = match.apply(1, moves[13].action)
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    # HUG and HI share the H: HUG, the longer word, takes it.
    assert awards == [("SIT", 1, 3), ("BE", 1, 2), ("HUG", 0, 3), ("HI", 0, 1), ("DO", 0, 2)]
    assert sorted(letters_of(match.state["won"][0])) == ["D", "G", "H", "I", "O", "U"]
    assert_replays(match)


def test_the_sample_s_dog_is_claimed_up_the_column() -> None:
    """D under O, read up at a table whose columns read either way: D O G from the bottom,
    named by its first letter's cell and the direction "up"; read down the same cards make GOD,
    which the default claims."""
    either, moves = sample_match(reading="either")
    down, _ = sample_match()
    for move in moves[:10]:
        either.apply(move.seat, move.action)
        down.apply(move.seat, move.action)
    dog = next(e for e in either.events if e["type"] == "claimed" and e["word"] == "DOG")
    god = next(e for e in down.events if e["type"] == "claimed" and e["word"] == "GOD")
    assert (dog["seat"], dog["direction"], dog["at"]) == (1, "up", [1, 2])
    assert (god["seat"], god["direction"], god["at"]) == (1, "down", [1, 0])
    assert either.state["claims"][-1]["cards"] == list(reversed(down.state["claims"][-1]["cards"]))
    words = {(w["word"], w["direction"]) for w in either.view(None)["words"]}
    assert ("DOG", "up") in words and ("GOD", "down") not in words


def test_the_tutorial_says_which_words_the_sample_s_moves_make_here() -> None:
    """The tutorial replays the sample's first round: where the sample names a word the rules
    here read otherwise, its text says both, and the word it names as claimed is the one the
    Words Created list holds."""
    lesson = Lesson(load_tutorial("enchanted-grid"))
    said: list[tuple[str, list[tuple[str, int]]]] = []
    while (step := lesson.step) is not None:
        done = lesson.move(step.play)
        assert done.accepted
        said.append((step.text + " " + done.text, claims(lesson.match)))
    god = next((text, words) for text, words in said if "calls this word DOG" in text)
    assert "read top to bottom it is GOD, which is what it claims here" in god[0]
    assert ("GOD", 1) in god[1] and not any(word == "DOG" for word, _ in god[1])
    hug = next(text for text, _ in said if "HUG to you" in text)
    assert '"R U G" is this HUG' in hug

"""Starting, modifying and discarding: the three turns of Evocabulary."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

from crafthall.engine import Match, SetupError
from crafthall.games.evocabulary.components import TEAMS, components
from crafthall.games.evocabulary.dictionary import spell_words, spellable
from crafthall.games.evocabulary.setup import all_cards
from crafthall.games.evocabulary.spells import Supply, layouts
from crafthall.lexicon import Lexicon
from tests.games.evocabulary.helpers import BURN, DRAW, LEX, LOCK, WILD, fam, hand, spell, table
from tests.support import assert_refused, assert_replays, start


def test_rulebook_sat_example_with_a_locked_a() -> None:
    """Rulebook: S and T with the A locked in the 3 team make SAT; the leader and the other
    familiars then draw 2 letters and a wild letter."""
    match = table(
        [["s", "t", "e", "e", "o", "i", "n"], ["e"] * 7],
        deck=["r", "l", "d", "g"],
        teams=[{"3": [fam(LOCK, lock="a"), fam(DRAW), fam(WILD)]}],
    )
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "=a", "t"]})
    view = match.view(0)
    assert view["phase"] == "activation"
    assert [u["action"] for u in view["pending"]["unused"]] == ["draw", "draw", "wild"]
    assert spell(match, 0, 3) == {"word": "sat", "cards": ["s", "=a", "t"], "points": 2}
    for card in ("leader", DRAW, WILD):
        match.apply(0, {"type": "use", "card": card})
    assert sorted(hand(match, 0)) == sorted(["e", "e", "o", "i", "n", "r", "l", "?"])
    assert match.view(0)["active"] == [1]  # every action used: the turn passed on
    assert match.view(0)["teams"][0][0]["familiars"][0]["lock"] == "a"


def test_spell_goes_to_the_team_of_its_length() -> None:
    match = table([["s", "t", "a", "r", "e", "qu", "z"], ["e"] * 7])
    match.apply(0, {"type": "start", "word": "stare", "cards": ["s", "t", "a", "r", "e"]})
    assert spell(match, 0, 5) is not None
    assert match.view(0)["pending"]["team"] == 5


def test_long_spells_go_to_the_six_plus_team() -> None:
    match = table([["a", "r", "t", "i", "s", "t", "e"], ["e"] * 7])
    match.apply(0, {"type": "start", "word": "artiste", "cards": list("artiste")})
    assert spell(match, 0, 6) is not None


def test_locked_letter_only_serves_its_own_team() -> None:
    match = table(
        [["s", "t", "r", "e", "e", "e", "e"], ["e"] * 7], teams=[{"3": [fam(LOCK, lock="a")]}]
    )
    assert_refused(
        match,
        0,
        {"type": "start", "word": "star", "cards": ["s", "t", "=a", "r"]},
        "letter-not-locked",
    )


def test_start_refusals() -> None:
    match = table([["s", "a", "t", "c", "x", "e", "e"], ["e"] * 7])
    assert_refused(
        match, 0, {"type": "start", "word": "at", "cards": ["a", "t"]}, "spell-too-short"
    )
    assert_refused(
        match,
        0,
        {"type": "start", "word": "tax", "cards": ["t", "a", "x"]},
        "word-not-in-dictionary",
    )
    assert_refused(
        match,
        0,
        {"type": "start", "word": "sat", "cards": ["s", "a", "e"]},
        "cards-do-not-spell-word",
    )
    assert_refused(
        match,
        0,
        {"type": "start", "word": "star", "cards": ["s", "t", "a", "r"]},
        "card-not-in-hand",
    )
    assert_refused(match, 0, {"type": "start", "word": "sat"}, "bad-action")
    assert_refused(match, 0, {"type": "start", "word": "sat", "cards": ["s", "a", "%"]}, "bad-card")
    assert_refused(
        match, 0, {"type": "start", "word": "sat", "cards": ["s", "@a", "t"]}, "bad-card"
    )
    assert_refused(match, 1, {"type": "draw"}, "not-your-turn")


def test_a_spell_needs_a_letter_from_the_hand() -> None:
    match = table(
        [["e"] * 7, ["e"] * 7],
        teams=[{"3": [fam(LOCK, lock="s"), fam("F41", lock="a"), fam("F42", lock="t")]}],
    )
    assert_refused(
        match, 0, {"type": "start", "word": "sat", "cards": ["=s", "=a", "=t"]}, "no-new-letter"
    )


def test_one_spell_per_team() -> None:
    match = table([["s", "a", "t", "c", "a", "t", "e"], ["e", "a", "t", "s", "e", "e", "e"]])
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    assert_refused(
        match, 0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]}, "team-occupied"
    )


def test_wild_stands_for_any_letter_and_scores_nothing() -> None:
    match = table([["?", "a", "t", "e", "e", "e", "e"], ["e"] * 7])
    match.apply(0, {"type": "start", "word": "cat", "cards": ["?c", "a", "t"]})
    assert spell(match, 0, 3) == {"word": "cat", "cards": ["?c", "a", "t"], "points": 2}


def test_modify_moves_the_spell_and_activates_the_new_team() -> None:
    match = table([["c", "a", "t", "s", "e", "e", "e"], ["e"] * 7], deck=["r"] * 6)
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    match.apply(0, {"type": "modify", "team": 3, "word": "cats", "cards": ["@c", "@a", "@t", "s"]})
    assert spell(match, 0, 3) is None
    assert spell(match, 0, 4)["word"] == "cats"
    assert match.view(0)["pending"]["team"] == 4


def test_modify_to_same_length_reactivates_and_discards_the_letters_taken_out() -> None:
    match = table([["c", "a", "t", "s", "e", "e", "e"], ["e"] * 7], deck=["r"] * 6)
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    before = sorted(hand(match, 0))
    match.apply(0, {"type": "modify", "team": 3, "word": "sat", "cards": ["s", "@a", "@t"]})
    assert match.view(0)["pending"]["team"] == 3
    assert spell(match, 0, 3)["word"] == "sat"
    after = before.copy()
    after.remove("s")
    assert sorted(hand(match, 0)) == after
    assert match.view(0)["discard_top"] == "c"


def test_same_spell_again_with_a_new_letter_and_rewilding() -> None:
    match = table([["?", "a", "t", "t", "c", "e", "e"], ["e"] * 7], deck=["r"] * 6)
    match.apply(0, {"type": "start", "word": "sat", "cards": ["?s", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    # the same word with a new T, and the wild re-chosen as C: CAT
    match.apply(0, {"type": "modify", "team": 3, "word": "cat", "cards": ["@?c", "@a", "t"]})
    assert spell(match, 0, 3)["cards"] == ["?c", "a", "t"]


def test_modify_refusals() -> None:
    match = table([["c", "a", "t", "s", "e", "e", "e"], ["e", "a", "t", "e", "e", "e", "e"]])
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 3, "word": "act", "cards": ["@a", "@c", "@t"]},
        "spell-unchanged",
    )
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 4, "word": "cats", "cards": ["c", "a", "t", "s"]},
        "no-such-spell",
    )
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 3, "word": "cats", "cards": ["@c", "@a", "@s", "t"]},
        "cards-do-not-spell-word",
    )
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 3, "word": "acts", "cards": ["@a", "@c", "@t", "@s"]},
        "card-not-in-spell",
    )
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 9, "word": "acts", "cards": ["@a", "@c", "@t", "s"]},
        "no-such-team",
    )


def test_discard_then_draw_back_to_seven() -> None:
    match = table([["qu", "z", "x", "e", "e", "e", "e"], ["e"] * 7], deck=["a", "b", "c", "d"])
    match.apply(0, {"type": "discard", "letter": "qu"})
    match.apply(0, {"type": "discard", "letter": "z"})
    assert match.view(0)["phase"] == "discarding"
    assert_refused(
        match, 0, {"type": "start", "word": "tee", "cards": ["t", "e", "e"]}, "wrong-phase"
    )
    match.apply(0, {"type": "draw"})
    assert sorted(hand(match, 0)) == ["a", "b", "e", "e", "e", "e", "x"]
    assert match.view(0)["active"] == [1]
    assert match.view(0)["discard_top"] == "z"
    assert_refused(match, 1, {"type": "discard", "letter": "z"}, "card-not-in-hand")


def test_passing_with_a_full_hand_discards_zero_letters() -> None:
    """Issue 18, item 3 (passing with a full hand): "discard any number of letters then draw
    back to 7", and zero is a number: a player holding 7 letters may just pass."""
    match = table([["qu", "z", "x", "e", "e", "e", "e"], ["e"] * 7], deck=["a", "b"])
    assert {"type": "draw"} in match.legal_actions(0)
    events = match.apply(0, {"type": "draw"})
    assert events[0] == {"type": "drew", "seat": 0, "count": 0}
    assert sorted(hand(match, 0)) == ["e", "e", "e", "e", "qu", "x", "z"]
    assert match.view(0)["active"] == [1] and match.view(0)["deck_size"] == 2
    assert_replays(match)


def test_playing_the_whole_hand_draws_seven() -> None:
    match = table([["s", "a", "t"], ["e"] * 7], deck=list("abcdefghi"))
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    assert sorted(hand(match, 0)) == list("abcdefg")


def test_bad_fixed_setups_are_refused() -> None:
    for fixed in (
        {"hands": [["z", "z"], []]},
        {"hands": [["%"], []]},
        {"teams": [{"7": []}]},
        {"teams": [{"3": [fam(DRAW), fam(DRAW)]}]},
        {"teams": [{"3": [fam("F01"), fam("F02"), fam("F03"), fam("F04")]}]},
        {"market": ["F01", "F02", "F03", "F04"]},
        {"first": 5},
    ):
        try:
            start("evocabulary", 2, fixed={"hands": [["e"], ["e"]], **fixed}, lexicon=LEX)
        except SetupError as err:
            assert str(err).endswith(".")
        else:
            raise AssertionError(f"{fixed} was accepted")


def _pass_round(match: Match) -> None:
    """End seat 0's activation and let seat 1 pass (discard an E, draw one back)."""
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})


def test_modify_may_only_remove_letters() -> None:
    """Rulebook: "add and/or remove letters": CATS loses its S, becomes CAT at team 3, and
    team 3 activates; the S is discarded."""
    match = table([["c", "a", "t", "s", "e", "e", "e"], ["e"] * 7], deck=["r"] * 6)
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    _pass_round(match)
    action = {"type": "modify", "team": 4, "word": "cat", "cards": ["@c", "@a", "@t"]}
    assert action in match.legal_actions(0)
    match.apply(0, action)
    assert spell(match, 0, 4) is None
    assert spell(match, 0, 3) == {"word": "cat", "cards": ["c", "a", "t"], "points": 5}
    assert match.view(0)["pending"]["team"] == 3
    assert sorted(hand(match, 0)) == ["e", "e", "e"]
    assert match.view(0)["discard_top"] == "s"


def test_modify_must_add_or_remove_a_card() -> None:
    """Rearranging the same cards, or only re-choosing a wild, is no modification."""
    match = table([["?", "a", "t", "s", "e", "e", "e"], ["e"] * 7], deck=["r"] * 6)
    match.apply(0, {"type": "start", "word": "cat", "cards": ["?c", "a", "t"]})
    _pass_round(match)
    for word, cards in (("act", ["@a", "@?c", "@t"]), ("sat", ["@?s", "@a", "@t"])):
        err = assert_refused(
            match, 0, {"type": "modify", "team": 3, "word": word, "cards": cards}, "spell-unchanged"
        )
        assert "CAT" in err.message and "take one out" in err.message
    modifies = [a for a in match.legal_actions(0) if a["type"] == "modify"]
    assert modifies
    assert all(any(not c.startswith("@") for c in a["cards"]) for a in modifies)


def test_letters_taken_out_by_a_modify_go_to_the_discard_pile() -> None:
    """ "Rules fidelity, third pass", item 6: the cards a modify takes out of a spell, a wild
    among them, go on top of the discard pile, in view of all: not back to the hand, not under
    the deck, not back to the wild pile. STARE (its R a wild) becomes SAT; the wild and the E
    are discarded."""
    match = table([["s", "t", "a", "?", "e", "o", "o"], ["e"] * 7], deck=["r", "l", "d"])
    match.apply(0, {"type": "start", "word": "stare", "cards": ["s", "t", "a", "?r", "e"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    state = match.state
    cards = state["players"][0]["teams"][2]["spell"]["cards"]
    faces = components().faces
    taken_out = [c for c in cards if faces[c] in ("?", "e")]
    before = {
        "deck": list(state["deck"]),
        "hand": list(state["players"][0]["hand"]),
        "shown": list(state["players"][0]["shown"]),
        "wilds": list(state["wilds"]),
        "discard": list(state["discard"]),
    }
    events = match.apply(
        0, {"type": "modify", "team": 5, "word": "sat", "cards": ["@s", "@a", "@t"]}
    )
    assert events[0]["discarded"] == ["?", "e"]
    state = match.state
    assert state["discard"] == before["discard"] + taken_out
    for key in ("deck", "wilds"):
        assert state[key] == before[key], key
    assert state["players"][0]["hand"] == before["hand"]
    assert state["players"][0]["shown"] == before["shown"]
    assert match.view(1)["discard"][-2:] == ["?", "e"] and match.view(1)["wild_pile"] == 5
    assert sorted(all_cards(state)) == list(range(126))
    assert_replays(match)


def test_modify_loops_cost_a_card_each_way() -> None:
    """Issue 18, item 2 (modify loops): CAT -> CATS -> CAT re-activated teams for nothing
    when the S came back to the hand. "At least one new letter replaces an old one": the
    letters taken out are discarded, so the loop costs the S; and a spell cannot shuttle
    between two teams by taking in and leaving out a locked letter alone."""
    match = table(
        [["c", "a", "t", "s", "e", "e", "e"], ["e"] * 7],
        deck=["r"] * 6,
        teams=[{"4": [fam(LOCK, lock="s")]}],
    )
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    _pass_round(match)
    shuttle = {"type": "modify", "team": 3, "word": "cats", "cards": ["@c", "@a", "@t", "=s"]}
    assert shuttle not in match.legal_actions(0)
    assert_refused(match, 0, shuttle, "spell-unchanged")
    match.apply(0, {"type": "modify", "team": 3, "word": "cats", "cards": ["@c", "@a", "@t", "s"]})
    _pass_round(match)
    assert "s" not in hand(match, 0)
    back = {"type": "modify", "team": 4, "word": "cat", "cards": ["@c", "@a", "@t"]}
    assert back in match.legal_actions(0)
    events = match.apply(0, back)
    assert events[0]["discarded"] == ["s"]
    assert match.view(0)["discard_top"] == "s" and "s" not in hand(match, 0)
    assert_replays(match)


def test_modify_into_a_team_that_has_a_spell_is_refused() -> None:
    match = table(
        [["c", "a", "t", "s", "t", "a", "r"], ["e"] * 7],
        deck=["o", "s", *["o"] * 7, *["e"] * 4],
    )
    match.apply(0, {"type": "start", "word": "star", "cards": ["s", "t", "a", "r"]})
    _pass_round(match)
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    _pass_round(match)
    assert "s" in hand(match, 0)
    action = {"type": "modify", "team": 3, "word": "cats", "cards": ["@c", "@a", "@t", "s"]}
    assert action not in match.legal_actions(0)
    err = assert_refused(match, 0, action, "team-occupied")
    assert "STAR" in err.message and "publish" in err.message


def test_locked_letters_stay_at_their_team_when_the_spell_moves() -> None:
    match = table(
        [["s", "t", "a", "r", "e", "e", "e"], ["e"] * 7],
        deck=["o"] * 6,
        teams=[{"3": [fam(LOCK, lock="a")]}],
    )
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "=a", "t"]})
    _pass_round(match)
    assert_refused(
        match,
        0,
        {"type": "modify", "team": 3, "word": "star", "cards": ["@s", "@t", "=a", "r"]},
        "letter-not-locked",
    )
    match.apply(0, {"type": "modify", "team": 3, "word": "star", "cards": ["@s", "@t", "a", "r"]})
    assert spell(match, 0, 4) == {"word": "star", "cards": ["s", "t", "a", "r"], "points": 4}
    assert match.view(0)["teams"][0][0]["familiars"][0]["lock"] == "a"
    assert "a" not in hand(match, 0)


def test_discarding_the_whole_hand_draws_seven_and_ends_the_turn() -> None:
    """An empty hand draws 7 at once; the new letters cannot be discarded in the same turn
    (the rulebook discards once, then draws back to 7)."""
    match = table([["z", "x"], ["e"] * 7], deck=list("abcdefghij"))
    match.apply(0, {"type": "discard", "letter": "z"})
    events = match.apply(0, {"type": "discard", "letter": "x"})
    assert sorted(hand(match, 0)) == list("abcdefg")
    assert match.view(0)["active"] == [1]
    assert [e["count"] for e in events if e["type"] == "drew"] == [7]


def test_burning_the_last_letter_draws_seven_and_the_activation_goes_on() -> None:
    match = table(
        [["s", "a", "t", "z"], ["e"] * 7],
        deck=list("bcdefghij"),
        teams=[{"3": [fam(BURN)]}],
    )
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    match.apply(0, {"type": "use", "card": BURN, "letter": "z"})
    assert sorted(hand(match, 0)) == list("bcdefgh")
    view = match.view(0)
    assert view["phase"] == "activation" and view["active"] == [0]
    match.apply(0, {"type": "use", "card": "leader"})  # the leader still draws
    assert len(hand(match, 0)) == 8


def test_the_word_finder_gives_exactly_the_words_the_cards_lay_out() -> None:
    """Double cards give both letters together (never the first alone); wilds any letter."""
    words = ["quest", "quests", "qat", "suet", "rest", "ester", "esters", "theses", "these"]
    words += ["there", "three", "ether", "others", "tethers", "set", "tee", "sheets", "chest"]
    lex = Lexicon.from_words(words)
    pools = (
        ["qu", "e", "s", "t"],
        ["qu", "a", "t"],
        ["es", "st", "e", "r"],
        ["th", "es", "e", "?"],
        ["th", "er", "e", "?", "?"],
        ["sh", "ch", "es", "t", "e", "?"],
        ["er", "re", "th", "o", "s", "?"],
    )
    for pool in pools:
        expected = [w for w in sorted(words) if next(layouts(w, {"": Counter(pool)}, False), None)]
        assert spellable(lex, pool) == expected, pool
    assert "qat" not in spellable(lex, ["qu", "a", "t"])  # no Q without its U


def test_a_missing_card_refusal_gives_the_real_reason() -> None:
    """Too few copies, or the letter lying elsewhere, is said as such."""
    match = table([["s", "t", "a", "i", "r", "e", "e"], ["e"] * 7])
    err = assert_refused(
        match,
        0,
        {"type": "start", "word": "stairs", "cards": ["s", "t", "a", "i", "r", "s"]},
        "card-not-in-hand",
    )
    assert "needs 2 's' cards in your hand, and there is only 1" in err.message
    locked = table(
        [["s", "t", "a", "r", "e", "e", "e"], ["e"] * 7], teams=[{"4": [fam(LOCK, lock="a")]}]
    )
    err = assert_refused(
        locked,
        0,
        {"type": "start", "word": "star", "cards": ["s", "t", "=a", "=r"]},
        "letter-not-locked",
    )
    assert "the 'r' is in your hand" in err.message


def test_dealing_loads_the_syllable_tables_before_play() -> None:
    # In a process of its own, where nothing has loaded them yet: the first spell of the game
    # must not wait for the pronunciations and the lemmatiser's tables.
    probe = (
        "import lemminflect.core.Lemmatizer as L\n"
        "from crafthall.lexicon import syllables\n"
        "from crafthall.games import new_match\n"
        "assert not hasattr(L.Lemmatizer(), 'lemma_dict')\n"
        "new_match('evocabulary', ['Ann', 'Ben'], seed=1)\n"
        "assert hasattr(L.Lemmatizer(), 'lemma_dict')\n"
        "assert syllables._cmu.cache_info().currsize == 1\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_cards_without_a_wild_find_the_words_the_counting_of_letters_finds() -> None:
    """Packed letter counts (the usual case: no wild) give exactly the words that rows of
    letter counts give, double cards' pairs included, at every team."""
    table = spell_words(start("evocabulary", 2).game.lexicon)
    faces = [f for f in components().faces if f != "?"]
    rng = random.Random(3)
    for _ in range(150):
        cards = rng.sample(faces, rng.randint(1, 14))
        if rng.random() < 0.3:
            cards += rng.sample([f for f in faces if len(f) == 2], 2)
        supply = Supply({"": Counter(cards)})
        for team in TEAMS:
            words = table.teams[team]
            counted = words._fitting_with_wilds(supply)
            assert words.fitting(supply) == counted, (cards, team)
    found = table.candidates(6, Supply({"": Counter(["th", "er", "o", "s"])}))
    assert "others" in found and "throes" not in found  # THROES would split TH and ER

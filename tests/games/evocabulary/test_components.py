"""The designed component data: counts the rulebook fixes, and sensible values."""

from __future__ import annotations

from collections import Counter

from crafthall.games.evocabulary.components import ACTIONS, components
from tests.support import start


def test_card_counts_match_the_rulebook() -> None:
    comps = components()
    assert comps.card_count == 126
    assert len(comps.leaders) == 24
    assert sorted(Counter((x.colour, x.number) for x in comps.leaders).values()) == [1] * 24
    assert len(comps.familiars) == 72
    assert len(comps.achievements) == 34


def test_letters_reward_rare_letters_and_wilds_are_worth_nothing() -> None:
    comps = components()
    faces = Counter(comps.faces)
    assert faces["?"] == 6 and comps.points["?"] == 0
    assert {"qu", "th", "er", "in"} <= set(faces)
    assert comps.points["z"] > comps.points["k"] > comps.points["h"] > comps.points["e"]
    assert faces["e"] > faces["z"]


def test_familiars_show_every_action_and_draw_on_the_back() -> None:
    familiars = components().familiars.values()
    assert {f.front for f in familiars} == set(ACTIONS)
    assert {f.back for f in familiars} == {"draw"}


def test_achievement_piles_follow_the_player_count_best_on_top() -> None:
    comps = components()
    for players in range(2, 7):
        piles = comps.achievement_piles(players)
        assert set(piles) == {"len5", "len6", "len7", "len8", "syl2", "syl3"}
        for ids in piles.values():
            cards = [comps.achievements[i] for i in ids]
            assert all(players in c.players for c in cards)
            values = [(c.factor, c.points) for c in cards]
            assert values == sorted(values, reverse=True)
    assert sum(len(v) for v in comps.achievement_piles(6).values()) == 34


def test_setup_deals_seven_a_market_of_three_and_the_piles() -> None:
    match = start("evocabulary", 3, seed=9)
    view = match.view(0)
    assert view["hand_sizes"] == [7, 7, 7]
    assert len(view["market"]) == 3 and view["familiar_deck_size"] == 69
    assert view["wild_pile"] == 6 and view["deck_size"] == 120 - 21
    assert [t["team"] for t in view["teams"][0]] == [3, 4, 5, 6]
    assert view["piles"] == components().achievement_piles(3)


def test_each_leader_is_found_by_its_colour_and_number() -> None:
    comps = components()
    for leader in comps.leaders:
        assert comps.leader(leader.colour, leader.number) is leader
    assert len({(x.colour, x.number) for x in comps.leaders}) == len(comps.leaders)

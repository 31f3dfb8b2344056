"""The table's vote on a word: the rulebook's "If the majority of the players agree that the
chosen word is unacceptable, the player must create another word."

After a word is accepted, any player of another side may call a vote on it until the next move
is made (``{"type": "dispute"}``); calling it is that player's vote to reject. The other sides
still to vote then vote (``{"type": "vote", "keep": true}``, or ``false`` to reject). A
majority of the players rejects the word: more than half of all the sides, the word's own side
counted as keeping it (``vote_majority="players"``), or more than half of the other sides
(``"others"``, rules version 2). Once enough reject it, the word is taken back as if it had
never been played (its cubes, achievement cubes, round-end trigger and, if it ended the round,
the round's scoring and the next grid) and the player makes another word or passes; once too
few are left to reject it, it stands. A word rejected by the table is refused for the rest of
the game. The word that ends the game is voted on by every other side at once, since no next
move leaves time to call a vote.

The vote cannot hold up a game: a turn has at most ``take_backs`` words taken back (the table
option; :data:`TAKE_BACKS` by default), and the player's next word that turn stands (the
dictionary still checks it); where the other sides together are no majority (2 players or 2
teams counting every player) no vote is held.

A word still open to a vote is kept in ``state["disputable"]`` with what taking it back needs;
the vote itself in ``state["vote"]``; the words taken back this turn in ``state["taken_back"]``.
"""

from __future__ import annotations

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.wordcraft.state import (
    Ballot,
    Disputable,
    RoundBoard,
    WordBefore,
    WordcraftState,
)

VOTE_ACTIONS: ActionShapes = {
    "dispute": ActionShape(),
    "vote": ActionShape(required={"keep": bool}),
}
KEEP: Action = {"type": "vote", "keep": True}
"""What a bot votes: the table's dictionary has accepted every word a vote is about."""
TAKE_BACKS = 1
"""Words a turn may have taken back, unless the table's ``take_backs`` option says more."""
"""Words the vote may take back in one turn: the rulebook's player "must create another word",
once; that word stands."""


def electorate(sides: int, majority: str) -> int:
    """How many sides a majority is counted among: all of them (``"players"``, the word's
    own side counted as keeping it) or the other sides (``"others"``)."""
    return sides if majority == "players" else sides - 1


def needed(sides: int, majority: str) -> int:
    """The rejections that take a word back: more than half of the electorate."""
    return electorate(sides, majority) // 2 + 1


def can_reject(sides: int, majority: str) -> bool:
    """Whether the other sides together can reject a word (not at 2 players counting all)."""
    return sides - 1 >= needed(sides, majority)


def votable(state: WordcraftState, majority: str, take_backs: int = 1) -> bool:
    """Whether the word about to be played may be voted on: the other sides can reject it,
    and fewer than ``take_backs`` words of this turn have been taken back."""
    return can_reject(state["sides"], majority) and state["taken_back"] < take_backs


def before_word(state: WordcraftState, side: int) -> WordBefore:
    """What a word changes besides the board, taken before it is placed."""
    return {
        "passes": state["passes"],
        "turn": state["turn"],
        "trigger": state["trigger"],
        "last_turns": list(state["last_turns"]),
        "bonus_ep": state["bonus_ep"][side],
        "taken_back": state["taken_back"],
    }


def board_of(state: WordcraftState) -> RoundBoard:
    """The round as the word left it, before the round's end may score and replace it (only
    the supply and the planned grids are changed in place by a round's end)."""
    return {
        "round": state["round"],
        "grid": state["grid"],
        "cubes": state["cubes"],
        "supply": list(state["supply"]),
        "first": state["first"],
        "planned": list(state["planned"]),
    }


def open_to_vote(
    state: WordcraftState,
    seat: int,
    side: int,
    word: str,
    spelling: list[str],
    claims: list[str],
    before: WordBefore,
    board: RoundBoard,
    majority: str,
) -> list[Event]:
    """Keep a word just played open to a vote until the next move; the word that ends the
    game opens the vote at once."""
    ended = state["final"] is not None or state["round"] != board["round"]
    state["disputable"] = {
        "seat": seat,
        "side": side,
        "word": word,
        "spelling": list(spelling),
        "claims": list(claims),
        **before,
        # the round's cards and cubes are only needed back when the word ended the round
        "board": board if ended else None,
        "needed": needed(state["sides"], majority),
        "counted": electorate(state["sides"], majority),
    }
    if state["final"] is None:
        return []
    _open(state, caller=None)
    return [{"type": "vote-open", "word": word, "side": side, "last_word": True}]


def may_call(state: WordcraftState) -> bool:
    """Whether a vote may be called now, out of turn (the engine asks before reading the
    action: :func:`call` then says who may call it)."""
    return state["disputable"] is not None and state["vote"] is None


def call(state: WordcraftState, seat: int, allowed: bool, majority: str) -> list[Event]:
    """``seat`` calls a vote on the last word, voting to reject it."""
    pending = state["disputable"]
    if not allowed:
        raise IllegalAction(
            "vote-off",
            "The table's vote is off at this table: the dictionary alone decides which words "
            "count.",
        )
    if state["vote"] is not None:
        raise IllegalAction(
            "vote-open",
            f"The table is already voting on {state['vote']['word'].upper()}: vote to keep it "
            "or to reject it.",
        )
    if not can_reject(state["sides"], majority):
        raise IllegalAction(
            "vote-no-majority",
            "A word is rejected by a majority of the players, and its own player keeps it: at "
            "a table of two the other alone is no majority, so the dictionary decides.",
        )
    if pending is None:
        raise IllegalAction(
            "nothing-to-dispute",
            "There is no word to call a vote on: a vote may be called on the last word played, "
            "until the next move is made, and not on a word made after one the vote took back "
            "that turn (it stands).",
        )
    side = state["side_of"][seat]
    if side == pending["side"]:
        raise IllegalAction(
            "dispute-own-word",
            f"{pending['word'].upper()} is your own side's word: only the other players may "
            "call a vote on it.",
        )
    ballot = _open(state, caller=side)
    ballot["ballots"][side] = False
    events: list[Event] = [{"type": "dispute", "seat": seat, "side": side, "word": pending["word"]}]
    return events + _count(state)


def cast(state: WordcraftState, seat: int, action: Action) -> list[Event]:
    """``seat`` (whose side has not voted yet) votes on the word in dispute."""
    ballot = state["vote"]
    if ballot is None:
        raise IllegalAction(
            "no-vote-open",
            "No vote is open: play a word or pass (or call a vote on the last word).",
        )
    if action["type"] != "vote":
        raise IllegalAction(
            "vote-first",
            f"The table is voting on {ballot['word'].upper()}: vote to keep it or to reject it "
            "first.",
        )
    side = state["side_of"][seat]
    keep = bool(action["keep"])
    ballot["ballots"][side] = keep
    events: list[Event] = [{"type": "vote", "seat": seat, "side": side, "keep": keep}]
    return events + _count(state)


def voters(state: WordcraftState) -> list[int]:
    """The seats whose side has still to vote (any seat of a team votes for it)."""
    ballot = under_way(state)
    ballots = ballot["ballots"]
    author = ballot["side"]
    return [
        seat
        for seat, side in enumerate(state["side_of"])
        if side != author and ballots[side] is None
    ]


def under_way(state: WordcraftState) -> Ballot:
    """The vote under way: only asked for while there is one."""
    ballot = state["vote"]
    assert ballot is not None, "no vote is under way"
    return ballot


def open_word(state: WordcraftState) -> Disputable:
    """The word open to a vote: only asked for while there is one."""
    pending = state["disputable"]
    assert pending is not None, "no word is open to a vote"
    return pending


def _open(state: WordcraftState, caller: int | None) -> Ballot:
    pending = open_word(state)
    ballot: Ballot = {
        "word": pending["word"],
        "seat": pending["seat"],
        "side": pending["side"],
        "caller": caller,
        "ballots": [None] * state["sides"],
        "needed": pending["needed"],
        "counted": pending["counted"],
    }
    state["vote"] = ballot
    return ballot


def _count(state: WordcraftState) -> list[Event]:
    """Close the vote once its outcome is certain: enough sides reject the word, or too few
    are left to reject it. The counts of the outcome include the word's own side's keep when
    the majority is counted among all the players."""
    ballot = under_way(state)
    votes = [vote for vote in ballot["ballots"] if vote is not None]
    rejects, keeps = votes.count(False), votes.count(True)
    undecided = state["sides"] - 1 - len(votes)
    own = ballot["counted"] - (state["sides"] - 1)  # 1 where the word's side counts
    outcome = {
        "word": ballot["word"],
        "side": ballot["side"],
        "keep": keeps + own,
        "reject": rejects,
        "needed": ballot["needed"],
    }
    if rejects >= ballot["needed"]:
        take_back(state)
        state["rejected"].append(ballot["word"])
        return [{"type": "word-rejected", "seat": ballot["seat"], **outcome}]
    if rejects + undecided < ballot["needed"]:
        state["vote"] = state["disputable"] = None
        return [{"type": "word-kept", **outcome}]
    return []


def take_back(state: WordcraftState) -> None:
    """Undo the word in dispute as if it had never been played; its player is to play again,
    and the turn counts one word more taken back (``take_backs`` limits them).

    The generator is not wound back: a grid revealed by the word's round end was seen, so the
    next grid is drawn afresh rather than dealt again.
    """
    pending = open_word(state)
    side = pending["side"]
    board = pending["board"]
    if board is not None:  # the word ended the round (or the game): put the round back
        state["letter_ep"].pop()
        state.update(
            {
                "round": board["round"],
                "grid": board["grid"],
                "cubes": board["cubes"],
                "supply": board["supply"],
                "first": board["first"],
                "planned": board["planned"],
                "final": None,
            }
        )
    for card in pending["spelling"]:
        state["cubes"][card][side] -= 1
    for card in pending["claims"]:
        state["claims"][card][side] -= 1
    state["supply"][side] += len(pending["spelling"]) + len(pending["claims"])
    state["used"].pop()
    state["bonus_ep"][side] = pending["bonus_ep"]
    state.update(
        {
            "passes": pending["passes"],
            "turn": pending["turn"],
            "trigger": pending["trigger"],
            "last_turns": pending["last_turns"],
            "taken_back": pending["taken_back"] + 1,
            "vote": None,
            "disputable": None,
        }
    )

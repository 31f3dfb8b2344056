"""Table chat: a room for a table's players and another for its spectators.

A message travels like a move, on the table's WebSocket (``docs/protocol.md``, "Chat"): it is
checked (the writer's own room, its size, the writer's rate, the dictionary's offensive-word
filter), kept in the database (table ``chat``) before anyone is told, then sent to the
connections of its room only: the players never see the spectators' chat, nor the spectators
the players'. With several server processes it is announced on Redis like a commit, and each
process tells its own connections. A connection saying hello gets its room's latest messages.

The writer is the connection's seat (its name at the table), or for a spectator the name it
watches under; a message names no writer of its own, so nobody can speak for another seat.
Once the game is over, both rooms are shown with the replay (``GET /api/tables/{id}/chat``).
"""

from __future__ import annotations

import re
import time
import weakref
from typing import TYPE_CHECKING, Literal

from sqlalchemy.exc import SQLAlchemyError

from crafthall.engine.errors import IllegalAction
from crafthall.lexicon.wordlist import normalize_word, offensive_words
from crafthall.server.clients import Client, dump, load
from crafthall.server.fanout import LocalFanout, Origin, RedisFanout
from crafthall.server.limits import Rate, RatePerAddress
from crafthall.server.messages import Chat, clean_name, clean_text
from crafthall.server.settings import Settings
from crafthall.server.store.chat import Room
from crafthall.server.wire import ChatLine, ChatMessage, MessageId

if TYPE_CHECKING:
    from crafthall.server.hub import Hub
    from crafthall.server.table import LiveTable

PLAYERS: Literal["players"] = "players"
SPECTATORS: Literal["spectators"] = "spectators"

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
"""A word as the filter reads it: letters, with hyphens or apostrophes inside (T-SHIRT)."""
_PARTS = re.compile(r"['\u2019-]")


def room_of(client: Client) -> Room:
    """The room a connection reads and writes: its seat's players', else the spectators'."""
    return SPECTATORS if client.seat is None else PLAYERS


def adult_table(table: LiveTable) -> bool:
    """Does the table allow adult words (its game's ``adult_words`` option)?"""
    return bool(table.row.options.get("adult_words", False))


def _kinds(word: str) -> set[str]:
    """The offensive classes (``slur``, ``vulgar``) of a word or of its hyphenated parts."""
    listed = offensive_words()
    whole = normalize_word(word)
    candidates = {whole, *_PARTS.split(whole)}
    return {listed[part] for part in candidates if part in listed}


def filtered(text: str, adult_words: bool) -> str:
    """``text`` as shown at a table: refused if it holds a slur (never shown anywhere); each
    vulgar word masked but its first letter, unless the table allows adult words.

    >>> filtered("well played, you bastard", adult_words=False)
    'well played, you b******'
    >>> filtered("well played, you bastard", adult_words=True)
    'well played, you bastard'
    """
    pieces: list[str] = []
    end = 0
    for found in _WORD.finditer(text):
        kinds = _kinds(found.group())
        if "slur" in kinds:
            raise IllegalAction(
                "chat-slur",
                "That message holds a slur, which is never shown here; nothing was sent.",
            )
        word = found.group()
        if "vulgar" in kinds and not adult_words:
            word = word[0] + "*" * (len(word) - 1)
        pieces.append(text[end : found.start()] + word)
        end = found.end()
    pieces.append(text[end:])
    return "".join(pieces)


class _Rates(RatePerAddress):
    """One token bucket per seat of each table (per client address for its spectators)."""

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may send again (0: now, and its message is counted)."""
        if len(self.buckets) > 10_000:
            self.buckets = {k: b for k, b in self.buckets.items() if not b.full()}
        bucket = self.buckets.setdefault(key, Rate(self.rate, self.burst))
        wait = bucket.take()
        if wait > 0:
            bucket.tokens += 1  # a refused message costs nothing
        return wait

    def give_back(self, key: str) -> None:
        """A counted message was not sent after all (the database was away)."""
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(bucket.burst, bucket.tokens + 1)


class ChatRooms:
    """The chat of every table this process holds: checking, keeping and telling."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        settings: Settings = hub.settings
        self.settings = settings
        self.rates = _Rates(settings.chat_rate, settings.chat_burst)
        self.names: weakref.WeakKeyDictionary[Client, str] = weakref.WeakKeyDictionary()
        """The name each spectator connection watches under (from its hello)."""
        self.readers: weakref.WeakSet[Client] = weakref.WeakSet()
        """The connections that follow their room (``"chat": true`` in their hello)."""
        self.addresses: weakref.WeakKeyDictionary[Client, str] = weakref.WeakKeyDictionary()
        """The client address of each connection: spectators' lines are counted by it."""
        self.relay: LocalFanout | RedisFanout = (
            RedisFanout(settings.redis_url, settings.redis_prefix, topic="chat")
            if settings.redis_url
            else LocalFanout()
        )

    async def start(self) -> None:
        await self.relay.start(self._heard, self._resend)

    async def stop(self) -> None:
        await self.relay.stop()

    # --- a connection arrives ---------------------------------------------------------------

    def came_from(self, client: Client, address: str) -> None:
        self.addresses[client] = address

    def name_spectator(self, client: Client, raw: str) -> None:
        """Keep the name a spectator watches under (shown through the filter, as its
        lines are), or refuse it with a sentence."""
        later = "You watch without a name for now."
        try:
            self.names[client] = filtered(clean_name(raw), adult_words=False)
        except ValueError as err:
            raise IllegalAction("bad-name", f"{err} {later}") from None
        except IllegalAction:
            raise IllegalAction("bad-name", f"That name holds a slur. {later}") from None

    async def welcome(self, table: LiveTable, client: Client) -> None:
        """A connection follows its room from now on: send it the room's latest messages
        (nothing if the database is away: they come with the next hello)."""
        self.readers.add(client)
        room = room_of(client)
        try:
            history = await self.hub.store.run(
                self.hub.store.chat_lines, table.id, room, self.settings.chat_history
            )
        except SQLAlchemyError:
            return
        client.push(_message(room, history, full=True))

    # --- a message is said ------------------------------------------------------------------

    async def say(self, table: LiveTable, client: Client, message: Chat) -> None:
        """Check, keep and send ``message`` from ``client``; :class:`IllegalAction` with the
        reason if it is refused (then nothing is kept nor sent)."""
        room = room_of(client)
        if message.room is not None and message.room != room:
            raise IllegalAction(
                "chat-other-room",
                "Spectators chat among themselves; the players' chat is for the players."
                if room == SPECTATORS
                else "Players chat in the players' chat; the spectators' chat is theirs.",
            )
        if client.seat is None:
            name = self.names.get(client)
            if name is None:
                raise IllegalAction(
                    "chat-needs-name",
                    "Choose a name to chat under first (a spectator's hello carries it).",
                )
            # By address: a spectator opening more connections gets no more lines.
            key = f"{table.id} spectator {self.addresses.get(client, id(client))}"
        else:
            name = table.seats[client.seat].name or f"Seat {client.seat + 1}"
            key = f"{table.id} seat {client.seat}"
        text = _checked_text(message.text, self.settings.chat_max_chars)
        shown = filtered(text, adult_table(table))
        wait = self.rates.wait(key)
        if wait > 0:
            raise IllegalAction(
                "chat-too-fast",
                f"You may send {self.settings.chat_burst} chat messages in a row, then one every "
                f"{1 / self.settings.chat_rate:g} s; try again in {max(1, round(wait))} s.",
                retry_after=round(wait, 1),
            )
        line: ChatLine = {
            "n": 0,
            "room": room,
            "seat": client.seat,
            "name": name,
            "text": shown,
            "move": 0 if table.match is None else len(table.match.moves),
            "at": time.time(),
        }
        try:
            line["n"] = await self.hub.store.run(self.hub.store.add_chat, table.id, line)
        except SQLAlchemyError:
            self.rates.give_back(key)
            raise IllegalAction(
                "storage-unavailable",
                "The server cannot keep chat messages right now; try again in a moment.",
            ) from None
        self._tell(table, line, (client, message.id))
        self.relay.publish(table.id, line["n"], dict(line), False)

    def _tell(
        self,
        table: LiveTable,
        line: ChatLine,
        answer: tuple[Client, MessageId | None] | None = None,
    ) -> None:
        """Send ``line`` to the table's connections in its room; the writer's copy carries
        the id of its message (its answer)."""
        room = line["room"]
        shared = dump(_message(room, [line]))
        writer, msg_id = answer if answer is not None else (None, None)
        for client in list(table.clients):
            if client is writer:
                # The answer, even to a writer that does not follow the room.
                reply = _message(room, [line])
                if msg_id is not None:
                    reply["id"] = msg_id
                client.push(reply)
            elif client in self.readers and room_of(client) == room:
                client.push_text(shared)

    # --- news from other processes ----------------------------------------------------------

    async def _heard(
        self, table_id: str, _n: int, payload: bytes | None, _origin: Origin | None = None
    ) -> None:
        """A message said through another process: tell this process's connections."""
        table = self.hub.tables.get(table_id)
        if table is None or not table.clients or payload is None:
            return
        line: ChatLine = load(payload)
        self._tell(table, line)

    async def _resend(self) -> None:
        """After a gap in the relay (Redis away), every connection following its room gets
        it again. Not while Redis stalls (the relay then calls every second): once it
        answers again."""
        if isinstance(self.relay, RedisFanout) and not self.relay.answering:
            return
        for table in list(self.hub.tables.values()):
            for client in list(table.clients):
                if client in self.readers:
                    await self.welcome(table, client)

    async def replay(self, table_id: str) -> list[ChatLine]:
        """Both rooms of a table, oldest first (shown with a finished game's replay)."""
        return await self.hub.store.run(self.hub.store.chat_lines, table_id, None, None)


def _checked_text(raw: str, most: int) -> str:
    """The message's text, single-spaced, or a refusal saying what is wrong with it."""
    length = len(" ".join(raw.split()))
    if length > most:
        raise IllegalAction(
            "chat-too-long",
            f"A chat message may be at most {most} characters; this one has {length}. "
            "Say it in two.",
            most=most,
        )
    try:
        return clean_text(raw, most, "A chat message")
    except ValueError as err:
        code = "chat-empty" if not raw.strip() else "chat-unreadable"
        raise IllegalAction(code, str(err)) from None


def _message(room: Room, lines: list[ChatLine], full: bool = False) -> ChatMessage:
    return {"type": "chat", "room": room, "messages": lines, "full": full}

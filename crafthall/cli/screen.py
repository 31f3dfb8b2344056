"""The full-screen table: board, players, the last events and the prompt, redrawn in place.

Built on Textual. The game's own ``render(view, seat)`` goes in the board pane unchanged;
the line-by-line :class:`~crafthall.cli.table.TerminalTable` stays for pipes, scripts and
``--plain``, and this screen keeps its rules of play (turn order, hot-seat, the record) by
driving the same table object.

Bots think in a worker thread (a search level may take seconds) and their actions are
applied on the app's own loop, so the match is only ever changed from one thread. In a
real-time race each bot has its own loop, and the prompt keeps what the person is typing
while the others' claims appear above it.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, ClassVar, cast

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Label, RichLog, Static
from textual.worker import WorkType

from crafthall.bots.base import Bot
from crafthall.bots.thinking import Thought, think
from crafthall.cli.race import TurnOrder, pace, real_time
from crafthall.cli.table import HELP_WORDS, QUIT_WORDS, TerminalTable, say_saved
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts, whose
from crafthall.engine.match import Match
from crafthall.games.entry import Board


class PassScreen(Screen[str]):
    """Hides the previous player's hand until the next one has the keyboard. Whatever the
    next player types here before Enter is their first command, not thrown away."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Static { width: 70; height: auto; max-height: 18; }
    PassScreen > Input { width: 70; border: tall $accent; }
    """

    def __init__(self, name: str, news: list[str]) -> None:
        super().__init__()
        self.player = name
        self.news = news

    def compose(self) -> ComposeResult:
        lines: list[RenderableType] = [Text(f"Pass the keyboard to {self.player}.", "bold")]
        if self.news:
            lines.append(Text(f"\nSince your last turn, {self.player}:"))
            lines.extend(Text(f"  {line}") for line in self.news[-12:])
        lines.append(Text("\nPress Enter to see your hand (or type a command).", "dim"))
        yield Static(Panel(Group(*lines), title="Hot-seat"))
        yield Input(placeholder=f"{self.player}, press Enter", id="pass-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)


class HelpScreen(ModalScreen[None]):
    """The game's commands over the table; Escape, Enter or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "close"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 100%; max-width: 100; height: 100%;
                                  border: round $accent; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.text + "\n\n(Escape or Enter closes this.)"))

    def action_close(self) -> None:
        self.dismiss(None)


class TableApp(App[None]):
    """One match at one keyboard: people (hot-seat) and bots."""

    TITLE = "crafthall"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "interrupt", "stop the game", priority=True),
        Binding("pageup", "scroll_board(-1)", "board up", show=False),
        Binding("pagedown", "scroll_board(1)", "board down", show=False),
    ]
    CSS = """
    #board { height: 1fr; }
    #players { height: 1; background: $boost; }
    #events { height: 5; border-top: solid $primary-darken-2; scrollbar-size: 1 1; }
    #prompt-row { height: 1; }
    #who { color: $accent; text-style: bold; text-wrap: nowrap; }
    #command { border: none; height: 1; padding: 0 1; width: 1fr; }
    """
    EVENTS_KEPT = 200
    EVENTS_SHOWN = 4
    """Lines of the events pane (its height less its border)."""

    def __init__(self, table: TerminalTable) -> None:
        super().__init__()
        self.table = table
        self.match: Match = table.match
        self.order = TurnOrder(table)
        self.racing = real_time(table)
        self.turn: int | None = None
        """The person whose command the prompt takes (None while a bot thinks, or at the end)."""
        self.viewer: int | None = table.humans[0] if table.humans else None
        """Whose view the board shows: the person at the keyboard (None: everything)."""
        self.deadline: float | None = None
        self.ticker: Timer | None = None
        self.stopped = False
        self.over = False
        self.trouble: str | None = None
        """Why the game had to stop, to tell after the full screen is gone."""
        self.placed = 0.0
        """Where the board pane was last scrolled to by the game rather than by the person."""

    # --- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="board"):
            yield Static(id="board-view")
        yield Static(id="players")
        yield RichLog(id="events", wrap=True, max_lines=self.EVENTS_KEPT)
        with Horizontal(id="prompt-row"):
            yield Label("", id="who")
            yield Input(id="command", placeholder="a command · help · PgUp/PgDn scroll the board")

    def on_mount(self) -> None:
        self.title = self.match.game.title
        for _, line in self.table.log[-self.EVENTS_SHOWN :]:  # a resumed game's last moves
            self.say(line, "dim")
        if self.racing:
            self.say(
                "Real-time race: type a command whenever you like ('help' lists them); "
                "the bots play at their own pace.",
                "bold",
            )
            for seat, bot in self.table.bots.items():
                self.run_worker(self.race_bot(seat, bot), group="bots")
            self.prompt(self.table.humans[0])
        else:
            self.advance()

    def redraw(self, to_board: bool = False) -> None:
        """Draw the board again. At a new turn the pane shows the part the player acts on
        (see :func:`keep_in_view`); after another's move it is placed again only if the
        person has not scrolled it since, so nobody reading elsewhere is moved."""
        board = self.query_one("#board", VerticalScroll)
        follow = to_board or board.scroll_y == self.placed
        drawn = self.table.ui.render(self.match.view(self.viewer), self.viewer)
        self.query_one("#board-view", Static).update(drawn)
        self.query_one("#players", Static).update(self.players_line())
        if follow:
            board.call_after_refresh(self.place_board, drawn)

    def place_board(self, drawn: RenderableType) -> None:
        """Scroll the pane to the game's :class:`Board` once ``drawn`` is laid out at the
        pane's width (a narrower pane wraps more lines above it)."""
        board = self.query_one("#board", VerticalScroll)
        width = self.query_one("#board-view", Static).size.width
        start, total = board_lines(drawn, self.console, width)
        board.scroll_to(y=keep_in_view(start, total, board.size.height), animate=False)
        self.placed = board.scroll_y

    def players_line(self) -> Text:
        """Each seat with its score; the seats to act are marked."""
        scores = self.match.view(None).get("scores")
        active = set(self.match.active_seats()) if not self.over else set()
        line = Text(" ")
        for seat, name in enumerate(self.match.seat_names):
            if seat:
                line.append(" │ ", "dim")
            style = "bold reverse" if seat in active else ""
            line.append(f"{'▶ ' if seat in active else ''}{name}", style)
            if isinstance(scores, list) and seat < len(scores):
                line.append(f" {scores[seat]}")
        return line

    def say(self, line: str, style: str = "") -> None:
        self.query_one("#events", RichLog).write(Text(line, style))

    def action_scroll_board(self, pages: int) -> None:
        board = self.query_one("#board", VerticalScroll)
        board.scroll_to(y=board.scroll_y + pages * max(board.size.height - 1, 1))

    def action_stop(self) -> None:
        self.stopped = True
        self.exit()

    def action_interrupt(self) -> None:
        """Ctrl-C: stopped as by ``quit``, and the command ends as any Ctrl-C ends it (130)."""
        self.table.interrupted = KeyboardInterrupt()
        self.action_stop()

    # --- whose turn ----------------------------------------------------------------------

    def advance(self) -> None:
        """Hand the game to whoever acts next (outside a real-time race)."""
        if self.match.result() is not None:
            self.finish()
            return
        seat = self.order.next_seat()
        if seat is None:
            self.finish()
        elif seat in self.table.bots:
            self.turn = None
            name = self.match.seat_names[seat]
            self.set_prompt(f"{acts(name, 'is')} thinking… ")
            self.redraw()
            bot = self.table.bots[seat]

            async def turn() -> None:
                # The coroutine is made when the worker starts: if the game ends first, none
                # is left un-awaited.
                await self.bot_turn(seat, bot)

            self.run_worker(cast("WorkType[None]", turn), group="bots")
        else:
            self.take_keyboard(seat)

    def take_keyboard(self, seat: int) -> None:
        name = self.match.seat_names[seat]
        if not self.table.takes_keyboard(seat):
            self.prompt(seat)
            return
        news = self.table.since_last_turn(seat)
        if self.table.ui.private_between_seats():
            self.turn = None
            self.viewer = seat

            def ready(typed: str | None) -> None:
                self.prompt(seat)
                if typed and typed.strip():
                    self.handle(typed)

            self.push_screen(PassScreen(name, news), ready)
            return
        if news:
            self.say(f"{name}, since your last turn: " + "; ".join(news), "bold")
        self.prompt(seat)

    def prompt(self, seat: int) -> None:
        self.turn = self.viewer = seat
        self.set_prompt(f"{self.match.seat_names[seat]}> ")
        self.redraw(to_board=True)
        self.query_one("#command", Input).focus()
        limit = None if self.racing else self.match.game.turn_seconds(self.match.state)
        self.stop_timer()
        if limit is not None:
            self.deadline = time.monotonic() + limit
            self.ticker = self.set_interval(0.5, self.tick)
            self.tick()

    def set_prompt(self, text: str) -> None:
        label = self.query_one("#who", Label)
        label.update(Text(text))
        label.styles.width = cell_len(text)  # an auto width can keep the last text's size

    def stop_timer(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        self.ticker = self.deadline = None

    def tick(self) -> None:
        """A turn timer's second: the prompt counts down; at zero the timeout action."""
        if self.deadline is None or self.turn is None:
            return
        seat, left = self.turn, self.deadline - time.monotonic()
        name = self.match.seat_names[seat]
        self.set_prompt(f"{name} ({max(left, 0):.0f} s)> ")
        timeout = self.match.game.timeout_action(self.match.state, seat)
        if left <= 0 and timeout is not None:
            self.stop_timer()
            self.say(f"{whose(name)} time is up.", "yellow")
            self.apply(seat, timeout, "green")
            self.advance()

    # --- actions -------------------------------------------------------------------------

    def apply(self, seat: int, action: Any, style: str, thought: Thought | None = None) -> bool:
        """Apply an action (a bot's, with how long it ``thought``), logging it or why it was
        refused; True when it was taken."""
        try:
            line = self.table.act(seat, action, thought)
        except IllegalAction as err:
            self.say(f"{self.match.seat_names[seat]}: {err.message}", "red")
            return False
        self.say(line, style)
        return True

    async def bot_turn(self, seat: int, bot: Bot) -> None:
        thought = await asyncio.to_thread(think, bot, self.match.state, seat)
        if not self.apply(seat, thought.action, "cyan", thought):
            # The bot would only ask again for the same refused move: stop, keep the record.
            self.trouble = f"{self.match.seat_names[seat]} made a move the rules refuse."
            self.action_stop()
            return
        self.redraw()
        if self.table.bot_pause:
            await asyncio.sleep(self.table.bot_pause)
        self.advance()

    async def race_bot(self, seat: int, bot: Bot) -> None:
        """A bot in the real-time race: an action every ``pace`` seconds while it can act.
        The state it thought about may have moved on by then; a refused claim is dropped."""
        while not self.over:
            await asyncio.sleep(pace(bot))
            if self.over or seat not in self.match.active_seats():
                continue
            state = self.match.state
            thought = await asyncio.to_thread(think, bot, state, seat)
            if self.over or self.match.state is not state:
                continue  # someone acted meanwhile: think again next time
            self.apply(seat, thought.action, "cyan", thought)
            self.redraw()
            if self.match.result() is not None:
                self.finish()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "command":
            self.handle(event.value)

    def handle(self, typed: str) -> None:
        """A line typed at the prompt. A move, taken or refused, leaves the prompt empty: a
        refused word left there had the next one typed onto it (ZEBRA then NICELY became
        ZEBRANICELY); the log says why it was refused."""
        command = self.query_one("#command", Input)
        text = typed.strip()
        if self.over:
            self.exit()
            return
        if text.lower() in QUIT_WORDS:
            self.action_stop()
            return
        if text.lower() in HELP_WORDS:
            command.value = ""
            self.push_screen(HelpScreen(self.table.ui.help()))
            return
        if not text:
            self.redraw()
            return
        seat = self.turn
        if seat is None:
            self.say("Wait a moment: it is not your turn yet.", "yellow")
            return
        if seat not in self.match.active_seats():
            self.say("You have no move to make now; the others play on.", "red")
            return
        command.value = ""
        try:
            action = self.table.ui.parse(text, self.match.view(seat), seat)
        except IllegalAction as err:
            self.say(err.message, "red")
            return
        if not self.apply(seat, action, "green"):
            return
        self.stop_timer()
        if self.racing:
            self.redraw()
            if self.match.result() is not None:
                self.finish()
        else:
            self.advance()

    def finish(self) -> None:
        """Game over: the whole table shown, the result in the log; Enter leaves."""
        if self.over:
            return
        self.over = True
        self.turn = self.viewer = None
        self.stop_timer()
        self.redraw()
        result = self.match.result()
        if result is not None:
            self.say(result_line(self.match), "bold")
        self.set_prompt("Game over: press Enter to leave. ")
        self.query_one("#command", Input).focus()


def board_lines(drawn: RenderableType, console: Console, width: int) -> tuple[int, int]:
    """The first line of the :class:`Board` parts of a game's screen drawn ``width`` columns
    wide, and the screen's number of lines; a screen without a board mark has its board at
    its end (as a plain terminal shows it, above the prompt)."""
    parts = drawn.renderables if isinstance(drawn, Group) else [drawn]
    options = console.options.update_width(max(width, 1))
    start: int | None = None
    total = 0
    for part in parts:
        if start is None and isinstance(part, Board):
            start = total
        total += len(console.render_lines(part, options, pad=False))
    return (total if start is None else start), total


def keep_in_view(start: int, total: int, height: int) -> int:
    """The first line to show of ``total`` in a pane ``height`` lines tall, the board starting
    at line ``start``: as near the end (the hand and what to do, above the prompt) as keeps
    the board's first line in view. The long reference tables a game draws below its board
    (a game's achievements) once pushed the board off a 24-line screen at every turn."""
    return max(0, min(start, total - height))


def result_line(match: Match) -> str:
    result = match.result()
    assert result is not None
    names = match.seat_names
    winners = " and ".join(names[seat] for seat in result.winners)
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
    return f"Game over. Winner: {winners}. Scores: {scores}."


def play_full_screen(table: TerminalTable) -> TableApp:
    """Play ``table`` on the full screen; the record is saved however the app ends, and the
    result and the record's place are printed on the normal screen afterwards."""
    match, console = table.match, table.console
    app = TableApp(table)
    try:
        app.run()
    finally:
        path = table.save()
    if match.result() is not None:
        table.show(None)
        console.print(Panel(result_line(match), title="Game over"))
    else:
        if app.trouble:
            console.print(Text(app.trouble, style="red"))
        console.print("Game stopped.")
    say_saved(console, match, path)
    return app

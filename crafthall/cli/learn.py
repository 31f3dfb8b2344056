"""``crafthall learn GAME``: a game's guided first game, line by line in the terminal.

Each step draws the table, says what to look at and which move to make, reads the move in
the game's own terminal syntax and tells what happened; a refused move is explained in the
tutorial's words (and the rules' own, when they refuse it too)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.games import entry
from crafthall.games.entry import TextUI
from crafthall.tutorial import Lesson, Outcome, available, load

COMMANDS = "Type the move, or: show (the move this step wants), help (how to type moves), quit."


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    learn = sub.add_parser("learn", help="a guided first game: learn to play a game step by step")
    learn.add_argument(
        "game",
        nargs="?",
        help="a game name (see 'crafthall games'); without it, the tutorials there are",
    )


def run(args: argparse.Namespace) -> int:
    console = Console()
    if args.game is None:
        return list_tutorials(console)
    return learn(args.game, console)


def list_tutorials(console: Console) -> int:
    for game in available():
        console.print(f"[bold cyan]{game}[/]  {escape(load(game).title)}")
    console.print("Start one with: crafthall learn GAME")
    return 0


def learn(game: str, console: Console, read: Callable[[str], str] = input) -> int:
    """Play ``game``'s tutorial; 0 once it is done, 1 if the player stops early."""
    tutorial = load(game)
    lesson = Lesson(tutorial)
    screen = entry(tutorial.game).text(lesson.match.game, tutorial.seats)
    console.rule(f"[bold]{escape(tutorial.title)}")
    console.print(escape(tutorial.intro))
    console.print(f"[dim]{COMMANDS}[/]")
    shown = -1
    while (step := lesson.step) is not None:
        if shown != step.number:
            shown = step.number
            console.print(screen.render(lesson.match.view(lesson.learner), lesson.learner))
            console.print(f"[bold]Step {step.number} of {len(tutorial.steps)}[/]")
            console.print(f"[cyan]Look:[/] {escape(step.look)}")
            console.print(f"[bold cyan]Do:[/] {escape(step.text)}")
        try:
            typed = read("move> ").strip()
        except EOFError:
            typed = "quit"
        command = typed.lower()
        if command in ("quit", "exit"):
            console.print("Stopped. Run 'crafthall learn' again to start over.")
            return 1
        if command == "help":
            console.print(escape(screen.help()))
        elif command in ("show", "hint"):
            console.print(f"Type: [bold]{escape(step.typed)}[/]")
        elif command:
            try:
                action = screen.parse(typed, lesson.match.view(lesson.learner), lesson.learner)
            except IllegalAction as err:
                console.print(f"[yellow]{escape(err.message)}[/] ({step.typed!r} would do.)")
                continue
            _tell(console, screen, lesson, action, lesson.move(action))
    console.print(screen.render(lesson.match.view(lesson.learner), lesson.learner))
    console.rule("[bold]Well done")
    console.print(escape(tutorial.outro))
    return 0


def _tell(
    console: Console, screen: TextUI, lesson: Lesson, action: Action, outcome: Outcome
) -> None:
    if not outcome.accepted:
        if outcome.rule:
            console.print(f"[red]The rules say:[/] {escape(outcome.rule)}")
        console.print(f"[yellow]{escape(outcome.text)}[/]")
        return
    lines = [screen.describe(lesson.learner, action, outcome.events)]
    lines += [screen.describe(move.seat, move.action, events) for move, events in outcome.scripted]
    for line in lines:
        if line:
            console.print(f"[dim]{escape(line)}[/]")
    console.print(f"[green]{escape(outcome.text)}[/]")

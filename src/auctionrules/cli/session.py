"""A game at the terminal: agents, perhaps one person, moves printed as they happen.

:func:`play_session` runs the game with :func:`~auctionrules.agents.match.play_views`
(every seat, the person's included, sees only its view), prints each move as the
person's seat heard it, or as a spectator did when no person plays, in the
variant's currency format (a sealed bid appears only at the reveal, a limit only to
its seat where limits are private), and writes the game record at the end, or when
the person quits. Seats are named as people count them: ``Player 1`` for seat 0.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from auctionrules.agents import AgentError, AgentSpec, parse_agents, seat_agents
from auctionrules.agents.match import play_views
from auctionrules.cli.screen import Screen, rich_available
from auctionrules.cli.seat import HumanSeat, QuitGameError
from auctionrules.cli.thinking import Thinking
from auctionrules.engine import EngineError, Game, dumps
from auctionrules.engine.actions import Action
from auctionrules.engine.agents import Agent
from auctionrules.engine.hiding import events_seen
from auctionrules.engine.rules import rules_for
from auctionrules.engine.views import View
from auctionrules.model import Ruleset
from auctionrules.rulebook import Document, build_document
from auctionrules.rulebook.document import Section, Table, flatten
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.log import GameLog
from auctionrules.text import player_name


class Rulebook:
    """The generated rulebook of the game's ruleset, section by section (built on first use)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._document: Document | None = None

    @property
    def document(self) -> Document:
        """The rulebook (without its worked example, which is slow to play)."""
        if self._document is None:
            self._document = build_document(self.ruleset, example=False)
        return self._document

    @staticmethod
    def topic(view: View) -> str:
        """The section key of what is happening in ``view``."""
        if view.lot is not None:
            lot = dict(view.lot)
            waiting = lot["type"] == "double" and len(lot["cards"]) == 1
            return "auctions.double" if waiting else f"auctions.{lot['type']}"
        return {"lead": "playing", "flip": "players"}.get(view.phase, "round_end")

    def rule_line(self, view: View) -> str:
        """The first sentence of the rule of the running auction ('' outside one)."""
        if view.lot is None:
            return ""
        units = list(self._section(self.topic(view)).units())
        return units[0].text if units else ""

    def text(self, view: View, topic: str = "") -> str:
        """The section ``topic`` (a key or a title), or the one on what is happening now."""
        key = topic.strip() or self.topic(view)
        sections = list(self.document.walk())
        found = next(
            (s for s in sections if key.lower() in (s.key.lower(), s.title.lower(),
                                                   s.key.rpartition(".")[2].lower())),
            None,
        )
        if found is None:
            keys = ", ".join(s.key for s in sections)
            return f"No rulebook section {key!r}; sections: {keys}"
        out: list[str] = []
        flatten(found, 1, out, heading=_heading, table=_table, escape=str)
        return "\n".join(out).rstrip()

    def _section(self, key: str) -> Section:
        return self.document.section(key)


def _heading(title: str, depth: int) -> list[str]:
    return [title.upper() if depth == 1 else title, ""]


def _table(table: Table) -> list[str]:
    return [" | ".join(table.header), *(" | ".join(row) for row in table.rows)]


def seat_names(
    players: int, human: int | None, specs: Sequence[AgentSpec], lang: str = "en"
) -> list[str]:
    """Display names in the log's language: ``Player 1 (you)`` for the person at seat 0,
    ``Player 3 (heuristic)`` for an agent at seat 2."""
    phrases = catalog(lang).log
    return [
        phrases["player.you"].format(player=player_name(seat, lang)) if seat == human
        else phrases["player.agent"].format(player=player_name(seat, lang),
                                            agent=specs[seat].name)
        for seat in range(players)
    ]


def play_session(
    game: Game,
    specs: Sequence[AgentSpec],
    human: int | None,
    screen: Screen,
    *,
    read: Callable[[str], str],
    quiet: bool = False,
    lang: str | None = None,
    thinking: Thinking | None = None,
) -> bool:
    """Play ``game`` to its end (``True``) or until the person quits (``False``);
    ``thinking`` shows the agents' searches as they run."""
    ruleset = game.rules.ruleset
    names = screen.names
    log = GameLog(ruleset, names, lang)
    rulebook = Rulebook(ruleset)
    agents: list[Agent] = [
        HumanSeat(screen, read, rulebook.text, rulebook.rule_line) if seat == human
        else spec.build(seed=f"{game.state.seed}/{seat}")
        for seat, spec in enumerate(specs)
    ]
    if thinking is not None:
        for seat, agent in enumerate(agents):
            thinking.attach(agent, names[seat])
    shown = 0

    def watch(game: Game, seat: int, action: Action) -> None:
        nonlocal shown
        if thinking is not None:
            thinking.moved()
        # (the history's entries from the last shown, as the person, or a spectator, saw them)
        events, shown = events_seen(game, human, shown)
        if not quiet:
            for event in events:
                line = log.describe(event)
                if line is not None:
                    screen.say(line)

    if not quiet:
        screen.say(f"{ruleset.title.get(ruleset.language)}: {game.state.n} players, "
                   f"seed {game.state.seed}")
        watch(game, -1, Action())
    try:
        play_views(game, agents, watch)
    except QuitGameError as exc:
        screen.say(f"Game stopped ({exc}).")
        return False
    return True


def write_record(game: Game, names: list[str], path: str) -> str | None:
    """Write the record of ``game`` so far; the error message, or ``None``."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(dumps(game.record(names)) + "\n")
    except OSError as exc:
        return f"cannot write {path}: {exc}"
    return None



def lineup(text: str | None, players: int, human: int | None) -> list[AgentSpec]:
    """One spec per seat from ``--agents``. Without a person, the specs in turn round the
    table, repeated from the first if fewer (:func:`~auctionrules.agents.seat_agents`).
    With one, one per seat names the person's seat too (that entry is ignored);
    otherwise the specs go in turn round the other seats.
    :class:`~auctionrules.agents.AgentError` if there are more specs than seats."""
    specs = parse_agents(text or "random")
    if human is None or len(specs) == players:
        return list(seat_agents(specs, players))
    out = list(seat_agents(specs, players - 1))
    out.insert(human, specs[0])  # (a placeholder: the person plays this seat)
    return out


def _reader(screen: Screen) -> Callable[[str], str]:
    """``input``, echoing each line when the input is piped (so the output reads as a
    session)."""
    if sys.stdin.isatty():
        return input

    def read(prompt: str) -> str:
        line = input(prompt)
        screen.say(line)
        return line

    return read


def run_table(args: argparse.Namespace, ruleset: Ruleset) -> int:
    """``auctionrules play`` with ``--agents`` or ``--human``; the exit code."""
    try:
        rules = rules_for(ruleset, args.players)
    except EngineError as exc:
        print(f"auctionrules play: {exc}", file=sys.stderr)
        return 2
    human = args.human
    if human is not None and not 0 <= human < args.players:
        print(f"auctionrules play: --human {human} is not a seat of {args.players} players "
              f"(0 to {args.players - 1}: seat 0 is {player_name(0)})", file=sys.stderr)
        return 2
    try:
        specs = lineup(args.agents, args.players, human)
    except AgentError as exc:
        print(f"auctionrules play: {exc}", file=sys.stderr)
        return 2
    names = seat_names(args.players, human, specs, args.lang or ruleset.language)
    fancy = not args.plain and sys.stdout.isatty() and rich_available()
    screen = Screen(ruleset, names, sys.stdout, fancy, args.lang)
    game = Game.new(rules=rules, seed=args.seed)
    try:
        live = sys.stderr.isatty()
        thinking = Thinking(sys.stderr, live) if live or args.progress else None
        finished = play_session(game, specs, human, screen, read=_reader(screen),
                                quiet=args.quiet, lang=args.lang, thinking=thinking)
    except KeyboardInterrupt:
        screen.say("Game stopped (interrupted).")
        finished = False
    except AgentError as exc:  # a parameter only the agent itself can check
        print(f"auctionrules play: {exc}", file=sys.stderr)
        return 2
    if finished:
        assert game.outcome is not None
        for line in GameLog(ruleset, names, args.lang).result(game.outcome, game.state.n):
            screen.say(line)
    if args.record:
        problem = write_record(game, names, args.record)
        if problem is not None:
            print(f"auctionrules play: {problem}", file=sys.stderr)
            return 2
        if not finished:
            screen.say(f"The record so far is in {args.record}.")
    return 0

"""A person at the terminal as an agent: the view drawn, the legal moves offered, a line read.

:class:`HumanSeat` answers ``act(view, legal)`` like any agent, so the game loop
does not know a person plays. :func:`interpret` turns one typed line into an
action or a command (pure, so every short form is tested without a terminal):

=====================  ==============================================================
``3``                  the third numbered choice (a card to lead or add, buy, flip...)
``b 12000``            bid (also ``bid 12,000``, ``12k``, or a bare amount when bidding)
``price 20000``        name a fixed price (``pr``, ``b`` or a bare amount also do)
``up to 40k``          in an open auction, a limit: the engine bids the minimum for
                       you while it is within 40,000, and does not ask you again in
                       this lot (also ``up to 40000``, ``limit 40000``)
``out``                out of this lot (open auction): a pass whenever asked
``p``                  pass (also ``pass``)
``buy``, ``flip``      buy at the fixed price, turn over a dummy card
``krypto/open``        a card by name, or any action in full (``play krypto/open``)
``help``, ``rules``    the commands; the rulebook's section on what is happening now
``quit``               end the game here (the record so far is written)
=====================  ==============================================================

A bad or illegal line is answered with the reason and the prompt again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from auctionrules.cli.screen import Screen
from auctionrules.engine.actions import (
    BUY,
    FLIP,
    PASS,
    Action,
    Add,
    Bid,
    Limit,
    Play,
    Price,
    bid_of,
    price_of,
)
from auctionrules.engine.errors import MalformedActionError
from auctionrules.engine.legal import Legal
from auctionrules.engine.views import View

#: Commands that are not moves.
COMMANDS = ("help", "rules", "quit")
_ALIASES = {"?": "help", "h": "help", "q": "quit", "exit": "quit", "r": "rules"}
_AMOUNT = re.compile(r"\$?\s*([0-9][0-9,._' ]*)\s*(k?)\s*\$?", re.IGNORECASE)

HELP = """\
Commands:
  NUMBER          choose a numbered move (a card to lead or add, buy, flip, pass);
                  when a bid or a price is asked, a bare number is the amount
  b AMOUNT        bid
  price AMOUNT    name the fixed price (auctioneer of a fixed-price lot)
  up to AMOUNT    open auction: bid for me, the minimum each time, up to AMOUNT;
                  I am not asked again in this lot (also: limit AMOUNT)
  out             open auction: I am out of this lot (a pass whenever asked)
  p               pass
  CARD            a card by name, e.g. krypto/open, or a full action (play krypto/open)
  rules [TOPIC]   the rulebook: what is happening now, or a topic (scoring, round_end...)
  help            this help
  quit            stop here (the record so far is written)
Amounts may be written 12000, 12,000, 12k or 1.5k."""


class QuitGameError(Exception):
    """The person ended the game (``quit`` or the end of the input)."""


class InputProblemError(ValueError):
    """A line that is not a legal move now; the message says why."""


def options(legal: Legal) -> list[Action]:
    """The numbered choices: the discrete legal actions, in the engine's order."""
    return list(legal.actions)


def amount_of(text: str) -> int | None:
    """``12000``, ``12,000``, ``$12.000``, ``12k`` or ``1.5k`` as a whole amount; ``None``
    otherwise. Without ``k`` a point or comma groups thousands (three digits after
    each: ``1.5`` is no amount); with it, the last one is a decimal mark (``1.5k``,
    ``1,5k``: 1,500), and what follows it may not be below a unit (``1.2345k``)."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        return None
    number, thousands = re.sub(r"[_' ]", "", match.group(1)), bool(match.group(2))
    whole, fraction = number, ""
    if thousands and re.search(r"[.,]", number):
        whole, fraction = re.split(r"[.,](?=[0-9]*$)", number)
        if len(fraction) > 3:
            return None
    if any(len(group) != 3 for group in re.split(r"[.,]", whole)[1:]):
        return None
    digits = re.sub(r"[^0-9]", "", whole)
    if not (digits or fraction) or len(digits) > 15:
        return None
    if not thousands:
        return int(digits)
    return int(digits or "0") * 1000 + int(fraction.ljust(3, "0"))


def interpret(line: str, legal: Legal, money: Callable[[int], str] = str) -> Action | str:
    """The action or command (``help``, ``rules ...``, ``quit``) ``line`` asks for.

    :class:`InputProblemError` says why a line is not a legal move now.
    """
    text = line.strip()
    if not text:
        raise InputProblemError("type a move, or help")
    word, _, rest = text.partition(" ")
    word = _ALIASES.get(word.lower(), word.lower())
    if word in COMMANDS:
        return f"{word} {rest.strip()}".strip()
    action = _action(word, rest.strip(), text, legal)
    if action not in legal:
        raise InputProblemError(_why_not(action, legal, money))
    return action


def _action(word: str, rest: str, text: str, legal: Legal) -> Action:
    choices = options(legal)
    limit = _limit(word, rest, text, legal)
    if limit is not None:
        return limit
    amounts = legal.bid is not None or legal.price is not None
    if word in ("b", "bid", "pr", "price") or (amounts and amount_of(text) is not None):
        amount = amount_of(rest if word in ("b", "bid", "pr", "price") else text)
        if amount is None:
            raise InputProblemError(f"{text!r}: an amount, e.g. b 12000")
        if word in ("pr", "price") or legal.price is not None:
            return price_of(amount)
        return bid_of(amount)
    if text.isdigit():
        number = int(text)
        if not choices:
            raise InputProblemError("no numbered choices now")
        if not 1 <= number <= len(choices):
            raise InputProblemError(f"choose a number from 1 to {len(choices)}")
        return choices[number - 1]
    if word in ("p", "pass"):
        return PASS
    if word in ("y", "buy"):
        return BUY
    if word in ("f", "flip"):
        return FLIP
    if "/" in word and not rest:
        verb = "add" if choices and isinstance(choices[0], Add) else "play"
        text = f"{verb} {word}"
    try:
        return Action.parse(text)
    except MalformedActionError as exc:
        raise InputProblemError(f"{exc} (type help for the commands)") from None


def _limit(word: str, rest: str, text: str, legal: Legal) -> Action | None:
    """``up to 40k``, ``limit 40k`` or ``out`` as an action (``out`` where no limit is
    offered: a pass); ``None`` for any other line."""
    if word == "out" and not rest:
        return PASS if legal.limit is None else Limit(0)
    if word == "up" and rest.lower().startswith("to"):
        rest = rest[2:].strip()
    elif word != "limit":
        return None
    amount = amount_of(rest)
    if amount is None:
        raise InputProblemError(f"{text!r}: an amount, e.g. up to 40k")
    return Limit(amount)


def _why_not(action: Action, legal: Legal, money: Callable[[int], str]) -> str:
    if isinstance(action, Limit) and legal.limit is None:
        if legal.bid is None:  # (no bid either: out of money, or an auctioneer barred)
            return "you cannot bid now, nor say a limit; " + describe_moves(legal, money)
        return "a limit (up to, out) is for an open auction; " + describe_moves(legal, money)
    if isinstance(action, (Bid, Price, Limit)):
        kind = "bid" if isinstance(action, Bid) else action.verb
        span = {"bid": legal.bid, "price": legal.price, "limit": legal.limit}[kind]
        if span is None:
            return f"you cannot name a {kind} now; " + describe_moves(legal, money)
        lo, hi, step = span
        return (
            f"a {kind} must be from {money(lo)} to {money(hi)} in steps of {money(step)}; "
            f"{money(action.amount)} is not"
        )
    if isinstance(action, (Play, Add)):
        return f"{action.card} is not a card you may {action.verb} now; " + describe_moves(
            legal, money
        )
    return f"{action} is not possible now; " + describe_moves(legal, money)


def describe_moves(legal: Legal, money: Callable[[int], str] = str) -> str:
    """The legal moves in one line, bids as a range."""
    parts = []
    if legal.price is not None:
        lo, hi, step = legal.price
        parts.append(f"price {money(lo)}..{money(hi)} (step {money(step)})")
    if legal.bid is not None:
        lo, hi, step = legal.bid
        parts.append(f"b {money(lo)}..{money(hi)} (step {money(step)})")
    if legal.limit is not None:
        parts += [f"up to {money(legal.limit[1])} or less (a limit)", "out"]
    if parts:  # a bare number is an amount: the other moves go by their word
        parts += [_short(action) for action in options(legal)]
    else:
        parts += [f"{n}={_short(action)}" for n, action in enumerate(options(legal), 1)]
    return "you may: " + "; ".join(parts)


def _short(action: Action) -> str:
    if isinstance(action, (Play, Add)):
        return f"{action.verb} {action.card}"
    return "p (pass)" if action == PASS else str(action)


class HumanSeat:
    """A person choosing at the terminal (see the module docstring)."""

    def __init__(
        self,
        screen: Screen,
        read: Callable[[str], str],
        rulebook: Callable[[View, str], str],
        rule_line: Callable[[View], str],
    ) -> None:
        self.screen = screen
        self.read = read
        self.rulebook = rulebook
        self.rule_line = rule_line

    def act(self, view: View, legal: Legal) -> Action:
        """Draw the view, then read lines until one is a legal move."""
        screen = self.screen
        screen.show(view, self.rule_line(view))
        if legal.bid is not None and dict(view.lot or ()).get("type") == "sealed":
            screen.say("Sealed bid: the others' bids are shown only when all have bid.")
        while True:
            screen.say(describe_moves(legal, screen.money), "green")
            try:
                line = self.read("> ")
            except EOFError:
                raise QuitGameError("end of input") from None
            try:
                reply = interpret(line, legal, screen.money)
            except InputProblemError as exc:
                screen.say(f"Not accepted: {exc}", "red")
                continue
            if isinstance(reply, Action):
                return reply
            command, _, topic = reply.partition(" ")
            if command == "quit":
                raise QuitGameError("quit")
            screen.say(HELP if command == "help" else self.rulebook(view, topic))

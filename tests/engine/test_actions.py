"""Actions: the text form parses back (property test), malformed text is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auctionrules.engine import Action, Add, Bid, Card, MalformedActionError, Play, Price
from auctionrules.engine.actions import BUY, FLIP, PASS
from auctionrules.model import AUCTION_TYPES

artist = st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True)
card = st.builds(Card, artist, st.sampled_from(AUCTION_TYPES))
action = st.one_of(
    st.builds(Play, card), st.builds(Add, card),
    st.builds(Bid, st.integers(0, 10**9)), st.builds(Price, st.integers(0, 10**9)),
    st.sampled_from([PASS, BUY, FLIP]),
)


@given(action)
def test_text_round_trip(a: Action) -> None:
    assert Action.parse(str(a)) == a
    assert str(Action.parse(str(a))) == str(a)


@pytest.mark.parametrize("text", ["", "bid", "bid x", "bid -3", "play", "play krypto",
                                  "play krypto/triple", "pass now", "sell 3", "bid 1 2"])
def test_malformed(text: str) -> None:
    with pytest.raises(MalformedActionError):
        Action.parse(text)


@pytest.mark.parametrize("amount", [5000.0, "5000", None, 5e3])
@pytest.mark.parametrize("kind", ["Bid", "Limit", "Price"])
def test_an_amount_is_a_whole_number_or_no_action(kind: str, amount: object) -> None:
    """A float or a string amount never makes an action (compiled, the call refuses
    it; plain Python, the constructor, with the same error), so it can never reach a
    game and be written into its record as ``limit 5000.0``, which no replay reads."""
    from auctionrules.engine import actions

    with pytest.raises(TypeError, match="int object expected"):
        getattr(actions, kind)(amount)

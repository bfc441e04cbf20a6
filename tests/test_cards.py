"""Card primitives: parsing, formatting, ordering, decks and seeded shuffling."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import (
    ACE_HIGH,
    Card,
    Rank,
    RankOrder,
    Suit,
    deal,
    format_cards,
    forty_card_deck,
    make_rng,
    parse_cards,
    shuffled,
    standard_deck,
)
from cardgames.errors import ParseError
from strategies import cards, decks, seeds


def spellings(card: Card) -> list[str]:
    """Every accepted spelling of ``card``."""
    ranks = {card.rank.letter, card.rank.label}
    suits = {card.suit.letter, card.suit.letter.upper(), card.suit.symbol}
    words = [r + s for r in ranks for s in suits]
    return words + [w.lower() for w in words] + [f"  {w} " for w in words]


@given(cards())
def test_parse_inverts_every_spelling(card: Card) -> None:
    """Card.parse(format(c)) == c for the ASCII, display and mixed-case spellings."""
    assert Card.parse(str(card)) == card
    assert Card.parse(card.unicode) == card
    for text in spellings(card):
        assert Card.parse(text) == card


@given(st.lists(cards(), max_size=10))
def test_parse_cards_inverts_format_cards(hand: list[Card]) -> None:
    """parse_cards(format_cards(cs)) == cs in both ASCII and Unicode."""
    assert parse_cards(format_cards(hand)) == tuple(hand)
    assert parse_cards(format_cards(hand, unicode=True)) == tuple(hand)
    assert parse_cards(", ".join(map(str, hand))) == tuple(hand)


def test_known_spellings() -> None:
    """Ten is written 10 or T; suits accept letters of any case and symbols."""
    ten = Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse("10h") == Card.parse("Th") == Card.parse("tH") == Card.parse("10♡") == ten
    assert str(ten) == "Th"
    assert ten.unicode == "10♥"
    assert Card.parse("A♠") == Card(Rank.ACE, Suit.SPADES)
    assert parse_cards("") == ()


@given(st.text())
def test_parse_rejects_bad_text_with_parse_error(text: str) -> None:
    """Arbitrary text either parses or raises ParseError quoting the text."""
    for parser in (Card.parse, parse_cards, Suit.parse, Rank.parse, RankOrder.parse):
        message = None
        try:
            parser(text)
        except ParseError as error:
            message = str(error)
        assert message is None or repr(text.strip()) in message or repr(text) in message


@pytest.mark.parametrize("text", ["", "A", "1h", "11h", "Ax", "AhK", "10", "h", "♥A", "Ah Kd"])
def test_parse_errors_quote_the_text(text: str) -> None:
    """Bad card text raises ParseError naming it."""
    with pytest.raises(ParseError, match="cannot parse"):
        Card.parse(text)


def test_parse_rejects_non_strings() -> None:
    """Non-string input raises ParseError, not TypeError/AttributeError."""
    with pytest.raises(ParseError):
        Card.parse(12)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Suit.parse(3)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Rank.parse(None)  # type: ignore[arg-type]


@given(cards())
def test_repr_is_valid_python(card: Card) -> None:
    """repr(card) evaluates back to an equal card."""
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307


@given(cards(), cards())
def test_order_is_rank_then_suit(a: Card, b: Card) -> None:
    """Cards order by rank (ace high, P2), then suit; equality and hash by value."""
    assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
    assert (a == b) == (hash(a) == hash(b) and a.index == b.index)


def test_index_round_trips() -> None:
    """Card.from_index inverts Card.index over the whole deck."""
    assert [Card.from_index(c.index) for c in standard_deck()] == list(standard_deck())
    assert sorted(c.index for c in standard_deck()) == list(range(52))
    with pytest.raises(ValueError, match="out of range"):
        Card.from_index(52)


def test_decks() -> None:
    """52 distinct cards; the 40-card deck has no 8, 9 or 10 (S2)."""
    assert len(set(standard_deck())) == len(standard_deck()) == 52
    forty = forty_card_deck()
    assert len(set(forty)) == len(forty) == 40
    assert not {c.rank for c in forty} & {Rank.EIGHT, Rank.NINE, Rank.TEN}


@given(decks(), seeds())
def test_seeded_shuffle_is_a_reproducible_permutation(deck: tuple[Card, ...], seed: int) -> None:
    """The same seed gives the same order; every shuffle is a permutation."""
    first = shuffled(deck, seed)
    assert first == shuffled(deck, random.Random(seed))
    assert sorted(first) == sorted(deck)


def test_shuffle_never_touches_the_global_generator() -> None:
    """Seeded shuffles leave the global random state alone."""
    state = random.getstate()
    shuffled(standard_deck(), 5)
    shuffled(standard_deck(), None)
    assert random.getstate() == state


def test_make_rng() -> None:
    """make_rng passes a Random through, seeds an int, and rejects other types."""
    rng = random.Random(1)
    assert make_rng(rng) is rng
    assert make_rng(3).random() == random.Random(3).random()
    assert make_rng(None) is not make_rng(None)
    with pytest.raises(TypeError):
        make_rng("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        make_rng(seed=True)


@given(decks(), st.integers(1, 8))
def test_deal_is_round_robin(deck: tuple[Card, ...], hands: int) -> None:
    """Dealing gives card i to hand i mod n and keeps the rest in order."""
    each = len(deck) // hands
    dealt, rest = deal(deck, hands, each)
    assert [len(h) for h in dealt] == [each] * hands
    for i in range(hands * each):
        assert dealt[i % hands][i // hands] == deck[i]
    assert rest == deck[hands * each :]


def test_deal_errors() -> None:
    """Uneven or impossible deals raise ValueError."""
    with pytest.raises(ValueError, match="evenly"):
        deal(standard_deck(), 5)
    with pytest.raises(ValueError, match="cannot deal"):
        deal(standard_deck(), 5, 11)
    with pytest.raises(ValueError, match="hands"):
        deal(standard_deck(), 0, 1)
    dealt, rest = deal(forty_card_deck(), 5)
    assert len(dealt[0]) == 8
    assert rest == ()


def test_rank_orders() -> None:
    """RankOrder gives positions, neighbours and sort keys; ACE_HIGH is P2's order."""
    sixes = RankOrder.parse("A 2 3 4 5 6 7 J Q K")
    assert sixes.successor(Rank.SEVEN) is Rank.JACK
    assert sixes.predecessor(Rank.TWO) is Rank.ACE
    assert sixes.successor(Rank.KING) is None
    assert Rank.EIGHT not in sixes
    assert len(sixes) == 10
    assert ACE_HIGH.position(Rank.ACE) == 12
    hand = parse_cards("Kh Ah 2h")
    assert sorted(hand, key=sixes.sort_key) == list(parse_cards("Ah 2h Kh"))
    with pytest.raises(ParseError):
        RankOrder.parse("A A")
    with pytest.raises(ValueError, match="at least one"):
        RankOrder(())
    with pytest.raises(TypeError):
        RankOrder((2,))  # type: ignore[arg-type]


def test_rank_order_is_a_sequence_of_ranks() -> None:
    """A rank order iterates, reverses, indexes and measures like its ranks, lowest first (S2)."""
    from cardgames.sixes import SIXES_ORDER

    expected = [card.rank for card in parse_cards("As 2s 3s 4s 5s 6s 7s Js Qs Ks")]
    assert list(SIXES_ORDER) == expected
    assert list(reversed(SIXES_ORDER)) == expected[::-1]
    assert SIXES_ORDER[0] is Rank.ACE
    assert SIXES_ORDER[-1] is Rank.KING
    assert SIXES_ORDER[6:8] == (Rank.SEVEN, Rank.JACK)
    assert len(SIXES_ORDER) == 10
    assert Rank.EIGHT not in SIXES_ORDER
    assert Rank.JACK in SIXES_ORDER
    assert list(ACE_HIGH) == sorted(Rank)
    assert [SIXES_ORDER.position(rank) for rank in SIXES_ORDER] == list(range(10))


def test_suit_and_rank_text() -> None:
    """Suits and ranks print their letters and parse their symbols."""
    assert str(Suit.HEARTS) == "h"
    assert Suit.parse("♠") is Suit.SPADES
    assert str(Rank.TEN) == "T"
    assert Rank.parse("10") is Rank.TEN
    assert Rank.ACE.label == "A"


def test_index_is_stored_and_follows_the_card() -> None:
    """Card.index is kept with the card: made, evolved, copied and pickled cards agree."""
    for card in standard_deck():
        assert card.index == (card.rank - 2) * 4 + card.suit
        assert Card.from_index(card.index) is card
        assert pickle.loads(pickle.dumps(card)).index == card.index  # noqa: S301 - our own bytes
        other = attrs.evolve(card, suit=Suit.SPADES)
        assert other.index == (card.rank - 2) * 4 + Suit.SPADES
    assert Card(Rank.ACE, Suit.HEARTS) == Card.parse("Ah")
    assert "index" not in repr(Card.parse("Ah"))

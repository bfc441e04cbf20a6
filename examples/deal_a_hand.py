"""Shuffle a deck with a seed and deal poker-sized hands: the card primitives at work."""

from __future__ import annotations

import sys

from cardgames.cards import deal, format_cards, shuffled, standard_deck


def main(seed: int = 2026) -> None:
    """Deal five hands of five cards from a seeded shuffle and show them."""
    deck = shuffled(standard_deck(), seed)
    hands, stock = deal(deck, hands=5, cards_each=5)
    for seat, hand in enumerate(hands):
        print(f"seat {seat}: {format_cards(sorted(hand, reverse=True), unicode=True)}")
    print(f"turned up: {stock[0].unicode}   stock: {len(stock) - 1} cards")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)

"""cardgames: typed, immutable-state rules engines for card games.

The package ships shared card primitives (:mod:`cardgames.cards`), the :class:`Game` protocol
(:mod:`cardgames.game`) and the games built on them. Everything a user needs is re-exported
here.
"""

from cardgames._version import __version__
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
from cardgames.errors import (
    CardgamesError,
    DecodeError,
    IllegalActionError,
    InvalidConfigError,
    InvalidStateError,
    ParseError,
)
from cardgames.game import Game, PlayerId, legal_action_mask, playout, seats, winners
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import Sixes, SixesConfig

__all__ = [
    "ACE_HIGH",
    "Card",
    "CardgamesError",
    "DecodeError",
    "Game",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidStateError",
    "Paiute",
    "PaiuteConfig",
    "ParseError",
    "PlayerId",
    "Rank",
    "RankOrder",
    "Sixes",
    "SixesConfig",
    "Suit",
    "__version__",
    "deal",
    "format_cards",
    "forty_card_deck",
    "legal_action_mask",
    "make_rng",
    "parse_cards",
    "playout",
    "seats",
    "shuffled",
    "standard_deck",
    "winners",
]

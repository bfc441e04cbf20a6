"""The options of a Sixes game: every **[default]** of the rules file as a named option.

A :class:`SixesConfig` is validated when it is built; a bad value raises
:class:`~cardgames.errors.InvalidConfigError` naming the option and the rule::

    >>> from cardgames.sixes import SixesConfig
    >>> SixesConfig(num_players=4, game_end="immediate").game_end
    <GameEnd.IMMEDIATE: 'immediate'>
    >>> SixesConfig(num_players=3)
    Traceback (most recent call last):
    ...
    cardgames.errors.InvalidConfigError: num_players must be 2, 4, 5 or 8 (S1), not 3
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames.errors import InvalidConfigError
from cardgames.game import is_int

__all__ = ["BrokePass", "Direction", "GameEnd", "SixesConfig"]

PLAYER_COUNTS: Final = (2, 4, 5, 8)
"""The table sizes that share the 40 cards evenly (S1)."""


class Direction(enum.StrEnum):
    """Which way play and the deal go round the table (S11)."""

    CLOCKWISE = "clockwise"
    """To each player's left: seat 0, 1, 2, … [default]."""
    ANTICLOCKWISE = "anticlockwise"
    """To each player's right: seat 0, n-1, n-2, … (the Spanish way)."""


class GameEnd(enum.StrEnum):
    """When the game stops once a stack has reached 0 (S10)."""

    FINISH_ROUND = "finish_round"
    """The round is played out and its pot paid, then the game ends [default]."""
    IMMEDIATE = "immediate"
    """The game ends at once; the unfinished round's pot goes to the player with fewest cards."""


class BrokePass(enum.StrEnum):
    """What a player with no chips does when they pass (S7)."""

    FREE = "free"
    """They pass without paying and play goes on [default]."""
    END_GAME = "end_game"
    """They cannot pay, so the game ends at once (the round is settled as with IMMEDIATE)."""


def _convert(kind: type[enum.StrEnum], option: str, rule: str, value: str) -> enum.StrEnum:
    """``value`` as a member of ``kind``, or InvalidConfigError naming the option and rule."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise InvalidConfigError(
            f"{option} must be one of {choices} ({rule}), not {value!r}"
        ) from None


def _to_direction(value: Direction | str) -> Direction:
    return Direction(_convert(Direction, "direction", "S11", value))


def _to_game_end(value: GameEnd | str) -> GameEnd:
    return GameEnd(_convert(GameEnd, "game_end", "S10", value))


def _to_broke_pass(value: BrokePass | str) -> BrokePass:
    return BrokePass(_convert(BrokePass, "broke_pass", "S7", value))


@attrs.frozen(kw_only=True)
class SixesConfig:
    """The table size and every rule option of Sixes, validated at construction.

    Attributes:
        num_players: Seats at the table: 2, 4, 5 or 8, so that the 40 cards deal evenly (S1).
        starting_chips: Each player's stack at the start, at least 1 (S3).
        must_play_if_able: Whether a player who can play must (S7). When False, a player may
            pass instead of playing, paying a chip like any other pass.
        broke_pass: What a player without chips does when passing (S7), a :class:`BrokePass`.
        pay_per_card_left: Chips each other player pays the round's winner per card left in
            hand (S8); a player never pays more than their stack.
        game_end: When the game stops after a stack reaches 0 (S10), a :class:`GameEnd`.
        direction: The way play and the deal go round (S11), a :class:`Direction`.
        max_rounds: Stop after this many rounds even if no stack has reached 0 (S12); None
            for no limit.
    """

    num_players: int = 5
    starting_chips: int = 10
    must_play_if_able: bool = True
    broke_pass: BrokePass = attrs.field(default=BrokePass.FREE, converter=_to_broke_pass)
    pay_per_card_left: int = 0
    game_end: GameEnd = attrs.field(default=GameEnd.FINISH_ROUND, converter=_to_game_end)
    direction: Direction = attrs.field(default=Direction.CLOCKWISE, converter=_to_direction)
    max_rounds: int | None = None

    def __attrs_post_init__(self) -> None:
        if not is_int(self.num_players) or self.num_players not in PLAYER_COUNTS:
            raise InvalidConfigError(
                f"num_players must be 2, 4, 5 or 8 (S1), not {self.num_players!r}"
            )
        if not is_int(self.starting_chips) or self.starting_chips < 1:
            raise InvalidConfigError(
                f"starting_chips must be an int of at least 1 (S3), not {self.starting_chips!r}"
            )
        if not isinstance(self.must_play_if_able, bool):
            raise InvalidConfigError(
                f"must_play_if_able must be True or False (S7), not {self.must_play_if_able!r}"
            )
        if not is_int(self.pay_per_card_left) or self.pay_per_card_left < 0:
            raise InvalidConfigError(
                "pay_per_card_left must be an int of at least 0 (S8), "
                f"not {self.pay_per_card_left!r}"
            )
        if self.max_rounds is not None and (not is_int(self.max_rounds) or self.max_rounds < 1):
            raise InvalidConfigError(
                f"max_rounds must be None or an int of at least 1 (S12), not {self.max_rounds!r}"
            )

    @property
    def cards_each(self) -> int:
        """How many cards each player is dealt (S4): 40 divided by the number of players."""
        return 40 // self.num_players

"""The options of a Paiute game: every ambiguity of the rules is a named field (P3-P21)."""

from __future__ import annotations

import enum

import attrs

from cardgames.errors import InvalidConfigError
from cardgames.paiute.hands import Tiebreak

__all__ = ["FinalTurns", "PaiuteConfig", "Tiebreak"]


class FinalTurns(enum.StrEnum):
    """Who plays after a call (P12)."""

    COMPLETE_ROUND = "complete_round"
    """The players after the caller, up to and including the dealer [default]."""
    EACH_OTHER_PLAYER_ONCE = "each_other_player_once"
    """Every other player once, as in Knock Poker."""


def _convert(kind: type[enum.StrEnum], option: str, rule: str, value: object) -> enum.StrEnum:
    """``value`` as a member of ``kind``, or InvalidConfigError naming the option and rule."""
    if isinstance(value, str) and value in kind.__members__.values():
        return kind(value)
    choices = ", ".join(repr(member.value) for member in kind)
    raise InvalidConfigError(f"{option} must be one of {choices} ({rule}), not {value!r}")


def _to_final_turns(value: FinalTurns | str) -> FinalTurns:
    return FinalTurns(_convert(FinalTurns, "final_turns", "P12", value))


def _to_tiebreak(value: Tiebreak | str) -> Tiebreak:
    return Tiebreak(_convert(Tiebreak, "tiebreak", "P17", value))


def _value_repr(option: enum.StrEnum) -> str:
    """An option in a config's repr: its string, which the converter accepts (eval-able)."""
    return repr(option.value)


def _check_int(name: str, value: object, rule: str, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidConfigError(f"{name} must be an int ({rule}), not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise InvalidConfigError(f"{name} must be {bound} ({rule}), not {value}")


def _check_bool(name: str, value: object, rule: str) -> None:
    if not isinstance(value, bool):
        raise InvalidConfigError(f"{name} must be True or False ({rule}), not {value!r}")


@attrs.frozen(kw_only=True)
class PaiuteConfig:
    """The rules options of a Paiute session, validated at construction.

    Every field has the default of the normative rules; the other reading of each ambiguity is
    one keyword away::

        >>> from cardgames.paiute import PaiuteConfig
        >>> PaiuteConfig().num_players, PaiuteConfig().final_turns
        (4, <FinalTurns.COMPLETE_ROUND: 'complete_round'>)
        >>> PaiuteConfig(ante=2, deals=10, max_turns=200).deals
        10
        >>> PaiuteConfig(num_players=6)
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidConfigError: num_players must be from 2 to 5 (P1), not 6

    Attributes:
        num_players: Seats at the table, 2 to 5 (P1). Four is the usual table.
        ante: Chips each player pays into the pot before every deal; 0 plays for fun (P3).
        starting_chips: Each player's stack at the start of the session (P19); at least the
            ante, so that the first deal can be played.
        deals: How many deals the session lasts at most (P20); it ends earlier, before a deal
            that some player cannot ante (P19). Void deals (P21) count.
        wild_indicator_in_play: Whether the turned wild card is in play (P6). When True it lies
            at the bottom of the stock, so it is the last card drawn from it, and four wild
            cards are in circulation; when False (the default) it stays out for the deal.
        reshuffle_keep_top_discard: Whether the top discard stays face up when the stock is
            rebuilt from the discard pile (P10); when False every discard is shuffled.
        final_turns: Who plays after a call (P12), a :class:`FinalTurns`: ``COMPLETE_ROUND``
            (the players after the caller up to the dealer) or ``EACH_OTHER_PLAYER_ONCE`` (as
            in Knock Poker). The strings ``"complete_round"`` and ``"each_other_player_once"``
            are converted.
        ace_low_straight: Whether 5-4-3-2-A is a (5-high) straight flush (P15).
        tiebreak: How hands of one category compare (P17), a :class:`Tiebreak`: ``BY_RANK``
            or ``CATEGORY_ONLY`` (they tie and split the pot); strings are converted.
        max_turns: None for no limit, or the number of turns after which a deal without a call
            is void and its pot carries over (P21). Simulators and bots should set it.
    """

    num_players: int = 4
    ante: int = 1
    starting_chips: int = 20
    deals: int = 1
    wild_indicator_in_play: bool = False
    reshuffle_keep_top_discard: bool = True
    final_turns: FinalTurns = attrs.field(
        default=FinalTurns.COMPLETE_ROUND, converter=_to_final_turns, repr=_value_repr
    )
    ace_low_straight: bool = True
    tiebreak: Tiebreak = attrs.field(
        default=Tiebreak.BY_RANK, converter=_to_tiebreak, repr=_value_repr
    )
    max_turns: int | None = None

    def __attrs_post_init__(self) -> None:
        _check_int("num_players", self.num_players, "P1", 2, 5)
        _check_int("ante", self.ante, "P3", 0)
        _check_int("starting_chips", self.starting_chips, "P19", 0)
        if self.starting_chips < self.ante:
            raise InvalidConfigError(
                f"starting_chips ({self.starting_chips}) must be at least the ante ({self.ante}) "
                "so that the first deal can be played (P19)"
            )
        _check_int("deals", self.deals, "P20", 1)
        _check_bool("wild_indicator_in_play", self.wild_indicator_in_play, "P6")
        _check_bool("reshuffle_keep_top_discard", self.reshuffle_keep_top_discard, "P10")
        _check_bool("ace_low_straight", self.ace_low_straight, "P15")
        if self.max_turns is not None:
            _check_int("max_turns", self.max_turns, "P21", 1)

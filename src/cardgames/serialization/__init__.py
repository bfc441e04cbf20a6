"""JSON in and out for every game: configs, states, actions, observations and game records.

Every document carries ``"format": "cardgames"`` and a ``"version"``; decoding is strict and
fails only with :class:`~cardgames.errors.DecodeError`, whose message starts with the path of
the bad value. Nothing here ever executes code from a document (no pickle).
"""

from cardgames.serialization.codec import JSON
from cardgames.serialization.document import (
    FORMAT,
    VERSION,
    decode_action,
    decode_config,
    decode_game,
    decode_observation,
    decode_state,
    dumps,
    encode,
    parse_json,
)
from cardgames.serialization.record import (
    GameRecord,
    dumps_record,
    loads_record,
    record_game,
    replay,
)

__all__ = [
    "FORMAT",
    "JSON",
    "VERSION",
    "GameRecord",
    "decode_action",
    "decode_config",
    "decode_game",
    "decode_observation",
    "decode_state",
    "dumps",
    "dumps_record",
    "encode",
    "loads_record",
    "parse_json",
    "record_game",
    "replay",
]

"""JSON in and out for every game, every document kind with a published JSON Schema.

Configs, states, actions, observations, events, seat messages and game records. Every document
carries ``"format": "cardgames"`` and a ``"version"``; decoding is strict and fails only with
:class:`~cardgames.errors.DecodeError`, whose message starts with the path of the bad value.
Nothing here ever executes code from a document (no pickle).
"""

from cardgames.serialization.codec import JSON
from cardgames.serialization.document import (
    FORMAT,
    KINDS,
    VERSION,
    Kind,
    decode_action,
    decode_config,
    decode_event,
    decode_game,
    decode_observation,
    decode_seat_message,
    decode_state,
    dumps,
    encode,
    loads,
    parse_json,
)
from cardgames.serialization.message import LegalAction, SeatMessage, seat_message
from cardgames.serialization.record import (
    GameRecord,
    dumps_record,
    loads_record,
    record_game,
    replay,
)
from cardgames.serialization.schema import json_schema

__all__ = [
    "FORMAT",
    "JSON",
    "KINDS",
    "VERSION",
    "GameRecord",
    "Kind",
    "LegalAction",
    "SeatMessage",
    "decode_action",
    "decode_config",
    "decode_event",
    "decode_game",
    "decode_observation",
    "decode_seat_message",
    "decode_state",
    "dumps",
    "dumps_record",
    "encode",
    "json_schema",
    "loads",
    "loads_record",
    "parse_json",
    "record_game",
    "replay",
    "seat_message",
]

"""``cardgames replay`` given hostile files: never a traceback, never unbounded reads (issue 17)."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

from cardgames.cli import DEFAULT_MAX_BYTES, main, printable
from cardgames.game import playout
from cardgames.serialization import dumps_record, record_game
from cardgames.serialization.text import format_record
from cardgames.sixes import Sixes, SixesConfig

GAME = Sixes(SixesConfig(num_players=2, max_rounds=1))


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """Run main(argv) with empty input; return the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _record(seed: int = 4, players: tuple[str, ...] = ("ann", "bob")) -> str:
    _, actions = playout(GAME, random.Random(seed), seed=seed)
    return dumps_record(record_game(GAME, actions, seed=seed, players=players))


def test_a_file_that_is_not_utf8_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that are not UTF-8 exit 1 naming the line and byte, no traceback (item 9)."""
    for name, data in (
        ("latin1.txt", b"# cardgames record, version 1\ngame: sixes\nplayers: Ren\xe9\n"),
        ("binary.json", b'{"format": "cardgames", "x": "\xff\xfe"}\n'),
        ("second.jsonl", (_record() + "\n").encode() + b'{"\xc3"}\n'),
    ):
        path = tmp_path / name
        path.write_bytes(data)
        index = "1" if name == "second.jsonl" else "0"
        code, out, err = run(["replay", str(path), "--index", index], capsys, monkeypatch)
        assert code == 1
        assert out == ""
        assert "is not UTF-8 text" in err
        assert "Traceback" not in err
    code, _, err = run(["replay", str(tmp_path / "latin1.txt")], capsys, monkeypatch)
    assert "line 3 is not UTF-8 text (byte 0xe9)" in err


def test_a_byte_order_mark_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A UTF-8 file saved with a byte order mark replays like one without."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + _record().encode())
    code, out, _ = run(["replay", str(path), "--all"], capsys, monkeypatch)
    assert code == 0
    assert "Result: " in out


def test_names_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Escape codes and line breaks in names are shown escaped, never sent raw (item 11)."""
    hostile = ("\x1b[2J\x1b[Hann", "bob\n1. player 0: forged move\u2028\x07")
    for path, text in (
        (tmp_path / "names.json", _record(players=hostile)),
        (tmp_path / "names.txt", format_record(record_game(GAME, (), seed=4, players=hostile))),
    ):
        path.write_text(text, encoding="utf-8")
        code, out, err = run(["replay", str(path), "--all"], capsys, monkeypatch)
        assert code == 0, err
        assert "\x1b" not in out
        assert "\x07" not in out
        assert "\u2028" not in out
        assert "forged move" in out
        assert "\n1. player 0: forged" not in out
        assert "(\\x1b[2J\\x1b[Hann, bob\\n1. player 0: forged move\\u2028\\x07)" in out


def test_error_messages_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text quoted from a bad record in an error message cannot reach the terminal raw."""
    path = tmp_path / "bad.txt"
    path.write_text("# cardgames record, version 1\ngame: \x1b[2J\nseed: 1\nmoves: 0\n")
    code, _, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 1
    assert "unknown game" in err
    assert "\x1b" not in err
    assert printable("a\x1b\tb\u2028c\ud800 d") == "a\\x1b\\tb\\u2028c\\ud800 d"


def test_input_size_is_limited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An endless or huge file is refused after --max-bytes, default 8 MiB (item 13)."""
    assert DEFAULT_MAX_BYTES == 8 * 2**20
    code, _, err = run(["replay", "/dev/zero"], capsys, monkeypatch)
    assert code == 1
    assert f"a record larger than {DEFAULT_MAX_BYTES} bytes; --max-bytes" in err
    record = _record()
    size = len(record.encode())
    for name, text in (
        ("one.json", record),
        ("lines.jsonl", f"{record}\n{record}\n"),
        ("padded.json", " " * 200 + record),
        ("one.txt", format_record(record_game(GAME, (), seed=4))),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        limit = len(text.encode()) - 1 if name == "one.txt" else size - 1
        code, _, err = run(["replay", str(path), "--max-bytes", str(limit)], capsys, monkeypatch)
        assert code == 1, name
        assert f"larger than {limit} bytes" in err
        code, out, err = run(
            ["replay", str(path), "--all", "--max-bytes", str(limit + 201)], capsys, monkeypatch
        )
        assert code == 0, err
        assert "Result: " in out
    code, _, err = run(["replay", str(path), "--max-bytes", "0"], capsys, monkeypatch)
    assert code == 1
    assert "--max-bytes must be at least 1" in err


def test_endless_blank_lines_are_limited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blank lines before a record count against the limit too."""
    path = tmp_path / "blank.json"
    path.write_text("\n" * 5000 + _record(), encoding="utf-8")
    code, _, err = run(["replay", str(path), "--max-bytes", "4000"], capsys, monkeypatch)
    assert code == 1
    assert "larger than 4000 bytes" in err


def test_json_lines_are_read_one_record_at_a_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--index picks a line of a JSON-lines file; the limit applies per record, not per file."""
    lines = [_record(seed) for seed in range(5)]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines[:2]) + "\n\n" + "\n".join(lines[2:]) + "\n", encoding="utf-8")
    limit = max(len(line.encode()) for line in lines) + 2
    assert path.stat().st_size > limit
    code, out, err = run(
        ["replay", str(path), "--index", "4", "--all", "--max-bytes", str(limit)],
        capsys,
        monkeypatch,
    )
    assert code == 0, err
    assert "seed 4," in out
    code, _, err = run(["replay", str(path), "--index", "5"], capsys, monkeypatch)
    assert code == 1
    assert "holds 5 records: --index must be 0 to 4" in err
    single = tmp_path / "single.jsonl"
    single.write_text(lines[0] + "\n", encoding="utf-8")
    code, _, err = run(["replay", str(single), "--index", "1"], capsys, monkeypatch)
    assert code == 1
    assert "holds 1 record: --index must be 0" in err


def test_a_lone_surrogate_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record naming a player with an escaped lone surrogate exits 1 (item 10)."""
    path = tmp_path / "surrogate.json"
    path.write_text(_record().replace('"ann"', '"\\ud800"'), encoding="utf-8")
    code, out, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 1
    assert out == ""
    assert "players[0]" in err
    assert "lone surrogate" in err


def test_a_directory_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path that cannot be read as a file exits 1 with 'cannot read'."""
    code, _, err = run(["replay", str(tmp_path)], capsys, monkeypatch)
    assert code == 1
    assert "cannot read" in err


def test_a_single_record_file_has_only_index_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text or indented JSON record file holds one record: --index 1 exits 1."""
    path = tmp_path / "one.txt"
    path.write_text(format_record(record_game(GAME, (), seed=4)), encoding="utf-8")
    code, _, err = run(["replay", str(path), "--index", "1"], capsys, monkeypatch)
    assert code == 1
    assert "holds 1 record: --index must be 0" in err

"""The ``cardgames`` command, driven in-process with scripted input."""

from __future__ import annotations

import io
import random
import re
import runpy
import signal
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from cardgames.cards import Card
from cardgames.cli import (
    action_label,
    main,
    make_game,
    match_action,
    rules_text,
    show,
    write_atomically,
)
from cardgames.errors import InvalidConfigError, ParseError
from cardgames.game import PlayerId, playout
from cardgames.registry import game_info
from cardgames.serialization import dumps_record, loads_record, record_game
from cardgames.sixes import Pass, Play, Sixes, SixesConfig
from toy_game import DECK as TOY_DECK
from toy_game import ToyGame

SUBCOMMANDS = ("play", "simulate", "replay", "rules")


def run(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str, str]:
    """Run main(argv) with ``stdin`` as input; return the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("command", [None, *SUBCOMMANDS])
def test_every_subcommand_has_help(
    command: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI: --help works for the program and each subcommand, exit 0."""
    argv = ["--help"] if command is None else [command, "--help"]
    code, out, _ = run(argv, capsys, monkeypatch)
    assert code == 0
    assert "usage: cardgames" in out
    if command is not None:
        assert command in out


@pytest.mark.parametrize(
    "argv",
    [[], ["dance"], ["play"], ["play", "chess"], ["simulate", "sixes", "--games", "x"], ["rules"]],
)
def test_bad_command_lines_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI: argparse errors print usage on stderr and exit 2."""
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert "usage:" in err


@pytest.mark.parametrize("name", ["sixes", "paiute"])
def test_rules_print_a_summary_with_rule_ids(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """S1-S12 and P1-P21: the shipped rules summary cites every rule id."""
    code, out, _ = run(["rules", name], capsys, monkeypatch)
    assert code == 0
    assert out == rules_text(name)
    prefix, count = ("S", 12) if name == "sixes" else ("P", 21)
    for number in range(1, count + 1):
        assert f"{prefix}{number} " in out


def test_simulate_prints_a_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI simulate: a results table with one row per seat."""
    argv = ["simulate", "sixes", "--games", "6", "--players", "2", "--workers", "1"]
    code, out, _ = run([*argv, "--set", "max_rounds=1", "--seed", "3"], capsys, monkeypatch)
    assert code == 0
    assert "sixes: 6 games, seed 3, 1 worker" in out
    assert "heuristic" in out
    assert "random" in out
    assert "mean game length" in out


def test_simulate_paiute_defaults_to_bounded_deals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """P21: CLI simulations of Paiute set max_turns so bot-only deals end."""
    argv = ["simulate", "paiute", "--games", "3", "--workers", "1", "--bots", "random"]
    code, out, _ = run([*argv, "--no-progress", "--players", "2"], capsys, monkeypatch)
    assert code == 0
    assert "paiute: 3 games" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random,random,random"], "give 1 or 2 bots"),
        (["--bots", "minimax"], "unknown bot"),
        (["--set", "colour=red"], "has no option 'colour'"),
        (["--set", "oops"], "expected key=value"),
        (["--players", "3"], "num_players must be"),
    ],
)
def test_simulate_errors_exit_1(
    extra: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CLI simulate: impossible requests print an error on stderr and exit 1."""
    argv = ["simulate", "sixes", "--games", "2", "--players", "2", "--workers", "1", *extra]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 1
    assert message in err


def test_simulate_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI simulate --records then replay: the recorded games step through to the end."""
    records = tmp_path / "games.jsonl"
    argv = ["simulate", "sixes", "--games", "3", "--players", "2", "--workers", "1"]
    code, out, _ = run(
        [*argv, "--set", "max_rounds=1", "--records", str(records)], capsys, monkeypatch
    )
    assert code == 0
    assert f"records: 3 games in {records}" in out
    assert len(records.read_text(encoding="utf-8").splitlines()) == 4  # a header, 3 games
    code, out, _ = run(["replay", str(records), "--index", "2", "--all"], capsys, monkeypatch)
    assert code == 0
    assert "1. player" in out
    assert "Result: " in out
    code, _, err = run(["replay", str(records), "--index", "3"], capsys, monkeypatch)
    assert code == 1
    assert "--index must be 0 to 2" in err


def test_replay_of_a_single_record_and_bad_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI replay: one JSON record file works; missing, empty or malformed files exit 1."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    _, actions = playout(game, random.Random(1), seed=4)
    single = tmp_path / "one.json"
    single.write_text(dumps_record(record_game(game, actions, seed=4), indent=2), encoding="utf-8")
    code, out, _ = run(["replay", str(single)], capsys, monkeypatch, stdin="")
    assert code == 0
    assert f"{len(actions)}. player" in out
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardgames"', encoding="utf-8")
    for path, message in (
        (tmp_path / "missing.jsonl", "cannot read"),
        (empty, "holds no record"),
        (broken, "error"),
    ):
        code, _, err = run(["replay", str(path)], capsys, monkeypatch)
        assert code == 1
        assert message in err


def test_play_a_whole_game_from_scripted_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: a game played to the end from stdin, bad input re-prompted, help shown."""
    script = "\n".join(["", "h", "t", "banana", "99", "0", "Kx"] + ["1"] * 400) + "\n"
    argv = ["play", "sixes", "--players", "2", "--set", "max_rounds=1", "--seed", "5"]
    code, out, _ = run(argv, capsys, monkeypatch, stdin=script)
    assert code == 0
    assert "you are player 0" in out
    assert "Your moves:" in out
    assert "Type a move's number" in out
    assert "'banana' is not a legal move" in out
    assert "there is no move 99" in out
    assert "Game over." in out
    assert "Winner" in out


def test_play_paiute_by_typing_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: Paiute against bots, to the end of a bounded deal (P21)."""
    script = "draw stock\n" + "2\n1\n" * 200
    argv = ["play", "paiute", "--players", "2", "--set", "max_turns=12", "--bots", "random"]
    code, out, _ = run([*argv, "--seat", "1"], capsys, monkeypatch, stdin=script)
    assert code == 0
    assert "you are player 1" in out
    assert "Game over." in out


def test_play_left_unfinished_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: q and end of input leave with a message and exit 1, unlike a finished game."""
    argv = ["play", "sixes", "--players", "2", "--seed", "1"]
    code, out, _ = run(argv, capsys, monkeypatch, stdin="q\n")
    assert code == 1
    assert "you left the game" in out
    code, out, _ = run(argv, capsys, monkeypatch, stdin="")
    assert code == 1
    assert "input ended" in out


def test_play_ctrl_c_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: Ctrl-C leaves with a message and exit code 130."""

    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupting())
    code = main(["play", "sixes", "--players", "2"])
    assert code == 130
    assert "interrupted" in capsys.readouterr().err


def test_play_rejects_bad_seats_and_bot_lists(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: a seat outside the table or a wrong bot count exits 1."""
    code, _, err = run(["play", "sixes", "--players", "2", "--seat", "2"], capsys, monkeypatch)
    assert (code, "--seat must be from 0 to 1" in err) == (1, True)
    argv = ["play", "sixes", "--players", "4", "--bots", "random,random"]
    code, _, err = run(argv, capsys, monkeypatch)
    assert (code, "give 1 or 3 bots" in err) == (1, True)


@pytest.mark.parametrize("notation", [True, False])
def test_typed_moves_match_legal_actions(notation: bool) -> None:
    """CLI input: numbers, labels in any case, suit symbols, or a lone card pick the move."""
    info = game_info("sixes")
    if not notation:  # a game without an action notation: labels come from the action class
        info = attrs.evolve(info, format_action=None, parse_action=None)
    legal = (Play(Card.parse("6d")), Play(Card.parse("5h")), Pass())
    assert match_action(info, "2", legal) == legal[1]
    assert match_action(info, "play 6d", legal) == legal[0]
    assert match_action(info, "PLAY 6♦", legal) == legal[0]
    assert match_action(info, "5h", legal) == legal[1]
    assert match_action(info, "pass", legal) == legal[2]
    with pytest.raises(ParseError, match="not a legal move"):
        match_action(info, "play 7c", legal)
    with pytest.raises(ParseError, match="no move 4"):
        match_action(info, "4", legal)
    assert action_label(info, legal[0]) == "play 6d"
    assert action_label(info, legal[0], unicode=True) == "play 6♦"


@pytest.mark.parametrize("notation", [True, False])
def test_ambiguous_card_names_ask_for_the_whole_move(notation: bool) -> None:
    """CLI input (P9, P11): a card that two Paiute moves use is ambiguous."""
    from cardgames.paiute import Call, Discard

    info = game_info("paiute")
    if not notation:
        info = attrs.evolve(info, format_action=None, parse_action=None)
    legal = (Discard(card=Card.parse("7c")), Call(discard=Card.parse("7c")), Call(discard=None))
    with pytest.raises(ParseError, match="could be any of: discard 7c, call 7c"):
        match_action(info, "7c", legal)
    assert match_action(info, "call 7c", legal) == legal[1]
    assert match_action(info, "call", legal) == legal[2]


def test_make_game_and_show() -> None:
    """CLI helpers: games by name with options; a readable display of any observation."""
    game = make_game("sixes", players=4, options={"max_rounds": 2})
    assert game == Sixes(SixesConfig(num_players=4, max_rounds=2))
    with pytest.raises(InvalidConfigError):
        make_game("sixes", players=3)
    paiute = make_game("paiute", players=2)
    state = paiute.initial_state(1)
    observation = paiute.observe(state, PlayerId(0))
    assert show(observation) == str(observation)
    toy = ToyGame()
    text = show(toy.observe(toy.initial_state(deck=TOY_DECK), PlayerId(0)))
    assert "  hand: 2♠ 4♠ 6♠\n" in text
    assert "  table: -\n" in text
    assert "history" not in text
    assert show(3) == "3"


def test_python_dash_m_runs_the_command() -> None:
    """CLI: python -m cardgames is the same program."""
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", "rules", "sixes"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert "S6" in done.stdout


def test_python_dash_m_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI: the package's __main__ runs the command and exits with its code."""
    monkeypatch.setattr(sys, "argv", ["cardgames", "rules", "paiute"])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("cardgames", run_name="__main__")
    assert exit_info.value.code == 0


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


HELP_WORDS = "cards as 10♥, 10h, Th or 6d"


def test_play_seeds_from_the_os_and_prints_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: without --seed the deal comes from the OS, and the printed seed replays it."""
    argv = ["play", "paiute", "--players", "2"]
    monkeypatch.setattr("cardgames.cli.secrets.randbits", lambda bits: 987_654 + bits)
    code, drawn, _ = run(argv, capsys, monkeypatch, stdin="t\nq\n")
    assert code == 1
    assert "Seed 987686: play this deal again with --seed 987686." in drawn
    _, again, _ = run([*argv, "--seed", "987686"], capsys, monkeypatch, stdin="t\nq\n")
    assert again == drawn
    monkeypatch.undo()
    seeds = set()
    for _ in range(2):
        _, out, _ = run(argv, capsys, monkeypatch, stdin="q\n")
        match = re.search(r"Seed (\d+): play this deal again with --seed \1\.", out)
        assert match is not None
        seeds.add(match.group(1))
    assert len(seeds) == 2


def test_play_makes_forced_moves_unless_asked_not_to(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """S5: the holder of the 6♦ must open with it; play makes that move unless told to ask."""
    argv = ["play", "sixes", "--players", "2", "--seed", "1", "--bots", "random"]
    seat = next(
        seat
        for seat in (0, 1)
        if Card.parse("6d") in Sixes(SixesConfig(num_players=2)).initial_state(1).hands[seat]
    )
    argv += ["--seat", str(seat)]
    _, out, _ = run(argv, capsys, monkeypatch, stdin="q\n")
    assert "(your only move, played for you: play 6♦)" in out
    _, out, _ = run([*argv, "--ask-every-move"], capsys, monkeypatch, stdin="q\n")
    assert "played for you" not in out
    assert "Your move [1-1, h for help]" in out


def test_play_says_why_a_move_is_illegal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """S6: a typed move that is not legal is explained with the game's own reason."""
    game = Sixes(SixesConfig(num_players=2))
    state = game.initial_state(1)
    seat = next(s for s in (0, 1) if Card.parse("6d") in state.hands[s])
    far = max(state.hands[seat])  # a card far from any 6: not playable at the start
    argv = ["play", "sixes", "--players", "2", "--seed", "1", "--seat", str(seat)]
    code, out, _ = run([*argv, "--ask-every-move"], capsys, monkeypatch, stdin=f"play {far}\nq\n")
    assert code == 1
    reason = game.why_illegal(state, Play(far))
    assert reason is not None
    assert f"'play {far}' is not a legal move now: {reason}" in out


def test_typed_moves_explain_without_a_reason_from_the_game() -> None:
    """CLI input: with no why_illegal the message still says what to type."""
    legal = (Play(Card.parse("6d")),)
    with pytest.raises(ParseError, match="not a legal move now: type a number from 1 to 1"):
        match_action(game_info("sixes"), "play 7c", legal)
    with pytest.raises(ParseError, match="not a legal move now: 7♣ is far away"):
        match_action(game_info("sixes"), "play 7c", legal, why=lambda _: "7♣ is far away")


def test_play_shows_cards_and_moves_in_one_notation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """P9: the hand, the moves and the events all show cards with suit symbols (10♥, not Th)."""
    script = "\n".join(["1", "1"] * 30) + "\n"
    argv = ["play", "paiute", "--players", "2", "--seed", "3", "--set", "max_turns=20"]
    code, out, _ = run([*argv, "--bots", "random"], capsys, monkeypatch, stdin=script)
    assert code in {0, 1}
    shown = out.replace(HELP_WORDS, "")
    assert re.search(r"\b[2-9TJQKA][cdhs]\b(?! are wild)", shown) is None
    assert re.search(r"discard [0-9JQKA]+[♣♦♥♠]", shown) is not None


def test_paiute_deal_event_wording() -> None:
    """P5: a new deal reads "deal N: player D deals", not "player D deals deal N"."""
    from cardgames.events import describe
    from cardgames.paiute import Paiute, PaiuteConfig

    game = Paiute(PaiuteConfig(num_players=2, deals=3, max_turns=8))
    state = game.initial_state(2)
    rng = random.Random(2)
    texts: list[str] = []
    while not game.is_terminal(state) and not any("deals" in text for text in texts):
        action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        texts += [e.text for e in describe(game, state, action, viewer=0, next_state=after)]
        state = after
    deals = [text for text in texts if "deals" in text]
    assert deals
    assert re.fullmatch(r"deal 1: player \d deals; \w+s are wild", deals[0])


def test_bots_show_that_they_are_thinking_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play: on a terminal a "thinking…" line shows while a bot decides, then is erased."""
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    argv = ["play", "sixes", "--players", "4", "--seed", "2", "--seat", "3"]
    assert main(argv) == 1
    assert re.search("  player [012] is thinking…\r\x1b\\[K", screen.getvalue())
    _, out, _ = run(argv, capsys, monkeypatch, stdin="q\n")
    assert "thinking" not in out


def test_play_records_the_game_for_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play --record: the finished game is saved, and replay shows it to the same result."""
    record = tmp_path / "mine.json"
    script = "\n".join(["1"] * 400) + "\n"
    argv = ["play", "sixes", "--players", "2", "--set", "max_rounds=1", "--seed", "5"]
    code, out, _ = run([*argv, "--record", str(record)], capsys, monkeypatch, stdin=script)
    assert code == 0
    assert f"written to {record}" in out
    chips = re.search(r"Chips won or lost: player 0: ([+-]\d+), player 1: ([+-]\d+)", out)
    assert chips is not None
    saved = loads_record(record.read_text(encoding="utf-8"))
    assert saved.players == ("you", "heuristic")
    assert saved.seed == 5
    code, replayed, _ = run(["replay", str(record), "--all"], capsys, monkeypatch)
    assert code == 0
    assert f"Result: {chips.group(1)} {chips.group(2)}" in replayed
    assert [p.name for p in tmp_path.iterdir()] == ["mine.json"]


def test_an_abandoned_game_is_recorded_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI play --record: leaving saves the moves made so far, a record that replays."""
    record = tmp_path / "partial.json"
    argv = ["play", "paiute", "--players", "2", "--seed", "4", "--record", str(record)]
    code, _, _ = run(argv, capsys, monkeypatch, stdin="draw stock\nq\n")
    assert code == 1
    saved = loads_record(record.read_text(encoding="utf-8"))
    assert len(saved.actions) >= 1
    code, _, _ = run(["replay", str(record), "--all"], capsys, monkeypatch)
    assert code == 0


def test_records_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files: an interrupted write leaves the old file whole and no temporary file behind."""
    target = tmp_path / "game.json"
    write_atomically(target, "old\n")

    def crash(_fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("cardgames.cli.os.fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new and longer\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_replay_steps_back_and_forth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI replay on a terminal: Enter steps on, b steps back, q quits; the end shows the result."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    _, actions = playout(game, random.Random(1), seed=4)
    path = tmp_path / "one.json"
    path.write_text(dumps_record(record_game(game, actions, seed=4)), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", Terminal("b\n\n\nb\nx\nb\nq\n"))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(this is the deal: there is nothing before it)" in out
    assert out.count("\n1. player") == 2  # forwards, then again after stepping back from 2
    assert "(back to after move 1)" in out
    assert "(back to the deal)" in out
    assert "Enter or n: the next move; b: back one move; q: quit" in out
    assert "Result:" not in out
    monkeypatch.setattr(sys, "stdin", Terminal("\n" * (len(actions) + 1)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"\n{len(actions)}. player" in out
    assert "Result:" in out
    monkeypatch.setattr(sys, "stdin", Terminal(""))
    assert main(["replay", str(path)]) == 0  # the end of the input just stops the viewer


def test_abandoned_play_exit_codes_in_a_real_process() -> None:
    """CLI play in a subprocess: stdin closed exits 1, Ctrl-C (SIGINT) exits 130."""
    command = [sys.executable, "-m", "cardgames", "play", "sixes", "--players", "2"]
    done = subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
        [*command, "--seed", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert "input ended: game abandoned" in done.stdout
    with subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
        [*command, "--seed", "3", "--ask-every-move"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        seen = ""
        while "Your move" not in seen:
            seen += process.stdout.read(1)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
        assert process.stderr is not None
        assert "interrupted" in process.stderr.read()


def test_play_against_your_own_bot_from_the_current_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI --bots module:factory: a module beside you is found, as uvicorn finds apps."""
    (tmp_path / "cli_bots_for_tests.py").write_text(
        "from cardgames.bots import RandomBot\n\n\n"
        "def blocker(game, seed, *, depth=1):\n"
        "    del game\n"
        "    return RandomBot(seed=seed + depth)\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in {"", str(tmp_path)}])
    argv = ["play", "sixes", "--players", "4", "--seed", "2"]
    code, out, _ = run(
        [*argv, "--bots", "cli_bots_for_tests:blocker:depth=2,random,heuristic"],
        capsys,
        monkeypatch,
        stdin="q\n",
    )
    assert code == 1
    assert "player 1 is cli_bots_for_tests:blocker:depth=2, player 2 is random" in out
    assert sys.path[0] == str(tmp_path)
    code, _, err = run([*argv, "--bots", "cli_bots_for_tests:blocker:width=1"], capsys, monkeypatch)
    assert code == 1
    assert "has no option 'width': its options are depth" in err


def test_the_parser_is_built_once_per_set_of_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """main() reuses its parser; a game registered later gets a parser that knows it."""
    from cardgames import cli, registry
    from toy_game import SPEC

    built: list[int] = []
    real = cli.build_parser

    def counting() -> object:
        built.append(1)
        return real()

    monkeypatch.setattr(cli, "build_parser", counting)
    cli._parser.cache_clear()
    assert main(["rules", "sixes"]) == 0
    assert main(["rules", "paiute"]) == 0
    assert len(built) == 1
    name = "toyparser"
    monkeypatch.setitem(registry._REGISTERED, name, attrs.evolve(SPEC, name=name))
    assert main(["rules", name]) == 0
    assert len(built) == 2
    capsys.readouterr()
    cli._parser.cache_clear()

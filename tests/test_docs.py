"""The docs: an API page per public module, shipped rules, no instructions that cannot work.

The nitpicky build itself (every reference resolves) runs in CI: ``sphinx-build -n -W``.
"""

from __future__ import annotations

import importlib.util
import re
from importlib.resources import files
from pathlib import Path
from types import ModuleType

from cardgames.registry import game_spec

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def sphinx_conf() -> ModuleType:
    """docs/conf.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("cardgames_docs_conf", DOCS / "conf.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_module_gets_its_own_api_page(tmp_path: Path) -> None:
    """The API reference is one page per public module, not one huge page."""
    conf = sphinx_conf()
    (tmp_path / "cardgames.gone.md").write_text("a page of a module that no longer exists")
    pages = conf.write_api_pages(tmp_path)
    names = sorted(path.stem for path in tmp_path.glob("*.md"))
    assert names == sorted(path.stem for path in pages) == conf.public_modules()
    assert {"cardgames", "cardgames.cards", "cardgames.sixes", "cardgames.sixes.deck"} <= set(names)
    assert "cardgames.serialization.schema" in names
    assert not [name for name in names if "._" in name or name.startswith("_")]
    for name in names:
        assert f".. automodule:: {name}\n" in (tmp_path / f"{name}.md").read_text("utf-8")
    assert not list(tmp_path.glob(".*")), "a temporary file was left behind"
    before = {path: path.stat().st_mtime_ns for path in pages}
    conf.write_api_pages(tmp_path)
    assert {path: path.stat().st_mtime_ns for path in pages} == before, "unchanged pages rewrite"
    index = (DOCS / "api.md").read_text("utf-8")
    assert ":glob:\n\napi/*\n" in index


def test_a_package_page_documents_its_reexports_and_modules_the_rest() -> None:
    """Each object has one page: re-exported classes on the package page, the rest in modules."""
    conf = sphinx_conf()
    package = conf.api_page("cardgames.sixes")
    assert ":imported-members:" in package
    deck = conf.api_page("cardgames.sixes.deck")
    assert ":exclude-members:" in deck
    assert "SIXES_DECK" not in deck  # data: documented with its docstring on the module's page
    assert "deck_for_hands" in deck  # re-exported function: on the package page
    top = conf.api_page("cardgames")
    assert "Card" in top.split(":exclude-members:")[1]


def test_the_prose_guard_puts_a_misread_label_back() -> None:
    """Napoleon's "The size: ..." as a type named "The size" becomes prose again."""
    conf = sphinx_conf()
    lines = ["ids run over range(n).", "", ":type: The size of the action-id space"]
    conf._keep_prose_colons(None, "property", "x", None, None, lines)
    assert lines == ["The size of the action-id space: ids run over range(n).", ""]
    lines = [":returns: 0 on success.", ":rtype: The exit code"]
    conf._keep_prose_colons(None, "function", "x", None, None, lines)
    assert lines == [":returns: The exit code: 0 on success."]
    lines = [":type: tuple[int, ...]"]
    conf._keep_prose_colons(None, "attribute", "x", None, None, lines)
    assert lines == [":type: tuple[int, ...]"]


def test_the_docs_build_is_nitpicky_and_offline() -> None:
    """CI builds with -n (nitpicky) and -W; intersphinx reads inventories shipped in the repo."""
    conf = sphinx_conf()
    assert conf.nitpicky is True
    for url, inventory in conf.intersphinx_mapping.values():
        assert url.startswith("https://")
        assert (DOCS / inventory).is_file()
        assert (DOCS / inventory).read_bytes().startswith(b"# Sphinx inventory version 2")
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert re.search(r"sphinx-build\" -n -W ", ci)


def test_the_rules_the_docs_cite_are_shipped_and_included() -> None:
    """The game pages cite the shipped rules summaries, which the rules page includes whole."""
    rules = (DOCS / "rules.md").read_text("utf-8")
    for game in ("sixes", "paiute"):
        shipped = (files("cardgames") / game / "rules.txt").read_text("utf-8")
        assert shipped == game_spec(game).rules
        assert f"```{{literalinclude}} ../src/cardgames/{game}/rules.txt\n" in rules
    for page in DOCS.glob("*.md"):
        text = page.read_text("utf-8")
        assert not re.search(r"rules/\w+\.md", text), f"{page.name} cites an unshipped file"


def test_no_page_sends_game_authors_to_the_test_suite() -> None:
    """protocol.md points game authors to register_game, not to tests/ (not in the wheel)."""
    for page in DOCS.glob("*.md"):
        assert "tests/registry.py" not in page.read_text("utf-8"), page.name
    assert "register_game" in (DOCS / "protocol.md").read_text("utf-8")


def test_the_quickstart_reaches_a_game_a_bot_and_a_simulation() -> None:
    """The quick start goes beyond cards: a game loop, a bot and a simulation (run by Sybil)."""
    text = (DOCS / "quickstart.md").read_text("utf-8")
    for needle in ("game.apply(state, action)", "play_game(", "simulate("):
        assert needle in text

"""The package's layering, read from the source with ``ast``: cards ← game ← games ← the rest.

A module-level import is one that runs when the module is imported (imports under
``if TYPE_CHECKING:`` and inside functions do not); cycles are looked for among those. The
rules about game names look at every import and comparison, wherever it is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import cardgames

PACKAGE = Path(cardgames.__file__).parent
GAME_PACKAGES = ("cardgames.sixes", "cardgames.paiute")
GAME_NAMES = frozenset({"sixes", "paiute"})
DEPRECATED_SHIMS = frozenset({"cardgames.bots.sixes_heuristic", "cardgames.bots.paiute_heuristic"})
"""Old import paths kept for one release; each warns and re-exports from its game package."""
RE_EXPORTS = frozenset({"cardgames"})
"""The top-level package re-exports the built-in games' main classes."""


def _modules() -> dict[str, ast.Module]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = ast.parse(path.read_text(encoding="utf-8"))
    return modules


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules an import statement names (``from a import b`` names ``a.b`` if a module)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        yield candidate if candidate in MODULES else base


def _module_level_imports(tree: ast.Module) -> Iterator[str]:
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield from _targets(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            stack.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            stack.extend(node.body + node.orelse + node.finalbody)


def _all_imports(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield from _targets(node)


def _in_game_package(module: str) -> bool:
    return any(module == game or module.startswith(game + ".") for game in GAME_PACKAGES)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a list of nodes, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_no_import_cycles() -> None:
    """No chain of module-level imports inside cardgames leads back to where it started."""
    graph = {
        name: {target for target in _module_level_imports(tree) if target in MODULES}
        for name, tree in MODULES.items()
    }
    assert _cycle(graph) is None


def test_the_cycle_finder_finds_cycles() -> None:
    """The checker itself: a planted cycle is reported, a chain is not."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def test_events_is_a_leaf() -> None:
    """events.py imports no game package and not the registry, at any level."""
    imports = set(_all_imports(MODULES["cardgames.events"]))
    assert not {target for target in imports if _in_game_package(target)}
    assert "cardgames.registry" not in imports


def test_only_game_packages_import_game_packages() -> None:
    """Outside sixes/ and paiute/ no module imports a game package (the layering rule)."""
    offenders = {
        (name, target)
        for name, tree in MODULES.items()
        if not _in_game_package(name) and name not in DEPRECATED_SHIMS | RE_EXPORTS
        for target in _all_imports(tree)
        if _in_game_package(target)
    }
    assert offenders == set()


def _compares_a_game_name(tree: ast.Module) -> list[int]:
    """Lines that compare with a game's name, or compare a game's (spec's) ``.name`` with text."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        strings = {
            s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)
        }
        names = [
            s
            for s in sides
            if isinstance(s, ast.Attribute)
            and s.attr == "name"
            and any(word in ast.unparse(s.value) for word in ("game", "spec", "info"))
        ]
        if strings & GAME_NAMES or (names and strings):
            lines.append(node.lineno)
    return lines


def test_no_module_outside_the_games_compares_a_game_name() -> None:
    """No ``game.name == "sixes"`` or ``== "paiute"`` outside the game packages."""
    offenders = {
        name: lines
        for name, tree in MODULES.items()
        if not _in_game_package(name) and (lines := _compares_a_game_name(tree))
    }
    assert offenders == {}


def test_the_name_checker_sees_comparisons() -> None:
    """The checker itself flags both forms, and not an unrelated comparison."""
    assert _compares_a_game_name(ast.parse('if game.name == "toy": pass')) == [1]
    assert _compares_a_game_name(ast.parse('x = kind != "paiute"')) == [1]
    assert _compares_a_game_name(ast.parse('x = kind == "state"')) == []
    assert _compares_a_game_name(ast.parse('x = field.name != "history"')) == []

"""Sphinx configuration for the cardgames documentation.

The API reference has one page per public module, written into ``docs/api/`` by
:func:`write_api_pages` each time the docs are built (so a new module gets its page without
anyone editing the docs); the pages are not kept in git.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import os
import pkgutil
import re
import tempfile
from pathlib import Path
from typing import Any

import cardgames

project = "cardgames"
author = "The cardgames developers"
copyright = "2026, The cardgames developers"
release = cardgames.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_inventories"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# Every reference must resolve (CI builds with -n -W), except the kinds listed in _DANGLING.
nitpicky = True
_DANGLING = (
    # type variables have no page of their own
    r"(cardgames\..*\b)?(StateT|ActionT|ObservationT|ConfigT|ItemT|FoldT)\w*",
    # libraries behind the extras ship no inventory that CI could use offline
    r"(np|npt|numpy|pettingzoo|gymnasium|distributed|dask|matplotlib|starlette)\b.*",
    # private classes that public signatures name (the standard library's and ours)
    r"(asyncio\.locks|argparse|concurrent\.futures\._base)\..*",
    r"(cardgames\.)?.*\._\w+",
    # names as written in string annotations, which autodoc cannot qualify
    r"Path|WebSocket|RolloutPolicy",
    # module constants that docstrings cite but autodoc does not index (no docstring of their
    # own), and names documented on another module's page
    r"(cardgames\.simulation\.)?(MAX_GAMES|MAX_KEPT_OUTCOMES|LEGACY_OUTCOMES|FAULT_DETAILS)",
    r"rollout_policy|encode_record|cardgames\.web\.app\.create_app",
)
nitpick_ignore_regex = [
    (role, pattern)
    for role in ("py:class", "py:obj", "py:data", "py:func", "py:meth")
    for pattern in _DANGLING
]
suppress_warnings = ["myst.xref_missing"]

# Links into the Python and attrs docs resolve from inventories shipped in docs/_inventories
# (from Debian's python3.11-doc and python-attr-doc packages), so the build needs no network.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3.11/", "_inventories/python.inv"),
    "attrs": ("https://www.attrs.org/en/stable/", "_inventories/attrs.inv"),
}

html_theme = "furo"
html_title = f"cardgames {release}"

API = Path(__file__).with_name("api")


def public_modules() -> list[str]:
    """Every public module of the package: no part of its dotted name starts with ``_``.

    Modules kept only as deprecated aliases (their docstring starts with "Deprecated") have no
    page: importing them warns, and their names are documented where they moved.
    """
    found = [
        module.name
        for module in pkgutil.walk_packages(cardgames.__path__, "cardgames.")
        if not any(part.startswith("_") for part in module.name.split("."))
        and not _is_deprecated_alias(module.name)
    ]
    return sorted(["cardgames", *found])


def _is_deprecated_alias(name: str) -> bool:
    """Whether module ``name`` is a deprecated alias, read from its source without importing."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return False
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    docstring = ast.get_docstring(tree) or ""
    return docstring.startswith("Deprecated")


def _documented_by_package(name: str) -> list[str]:
    """The classes and functions of ``name`` that its package's page documents instead."""
    package_name = name.rpartition(".")[0]
    if package_name in ("", "cardgames"):
        return []
    try:
        package = importlib.import_module(package_name)
        module = importlib.import_module(name)
    except ImportError:  # a module behind a missing extra: the docs build has every extra
        return []
    return sorted(
        member
        for member in getattr(package, "__all__", ())
        if hasattr(module, member)
        and (inspect.isclass(getattr(module, member)) or inspect.isroutine(getattr(module, member)))
    )


def api_page(name: str) -> str:
    """The MyST text of the API page of module ``name``.

    A subpackage's page documents the classes and functions it re-exports (their names there
    are the ones to import); each module's page documents the rest of what it defines.
    """
    spec = importlib.util.find_spec(name)
    options = []
    if name != "cardgames" and spec is not None and spec.submodule_search_locations is not None:
        options.append("   :imported-members:")
    # The top-level package re-exports names that their own modules' pages document.
    excluded = sorted(cardgames.__all__) if name == "cardgames" else _documented_by_package(name)
    if excluded:
        options.append(f"   :exclude-members: {', '.join(excluded)}")
    lines = [f"# `{name}`", "", "```{eval-rst}", f".. automodule:: {name}", *options, "```", ""]
    return "\n".join(lines)


def write_api_pages(directory: Path = API) -> list[Path]:
    """Write the API page of every public module into ``directory``; remove stale pages.

    A page is rewritten only when its text changes (whole, through a temporary file), so an
    incremental build stays incremental.
    """
    directory.mkdir(exist_ok=True)
    pages = []
    for name in public_modules():
        path = directory / f"{name}.md"
        text = api_page(name)
        if not path.exists() or path.read_text("utf-8") != text:
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.")
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            Path(temporary).replace(path)
        pages.append(path)
    for stale in set(directory.glob("*.md")) - set(pages):
        stale.unlink()
    return pages


_PROSE_TYPE = re.compile(r"^(\s*):(type|rtype): ([^\[|,]* [^\[|,]*|\d+)$")


def _keep_prose_colons(
    _app: object, _what: str, _name: str, _obj: object, _options: object, lines: list[str]
) -> None:
    """Undo napoleon reading ``The size: ...`` as a type named "The size".

    Napoleon takes the text before the first colon of an attribute's or a property's docstring,
    and of a ``Returns:`` section, as a type, which nitpicky mode then fails to find. Our types
    come from annotations, so a "type" of several words is prose: it goes back in front of its
    description.
    """
    for i in range(len(lines) - 1, -1, -1):
        match = _PROSE_TYPE.match(lines[i])
        if not match:
            continue
        del lines[i]
        label = match.group(3)
        if match.group(2) == "rtype":
            target = next(
                k for k, line in enumerate(lines) if line.lstrip().startswith(":returns:")
            )
            indent, _, text = lines[target].partition(":returns:")
            lines[target] = f"{indent}:returns: {label}: {text.strip()}"
        else:
            target = next(k for k, line in enumerate(lines) if line.strip())
            lines[target] = f"{label}: {lines[target].strip()}"


_ALIASES = {"JSON": "cardgames.serialization.codec.JSON"}
"""Type aliases that annotations name unqualified, and where they are documented."""
_MISSING = object()


_LOOKED_UP: dict[str, object] = {}
"""``_lookup``'s answers: the modules do not change during a build, and a name that imports
nothing costs a search of the whole path, which thousands of references would repeat."""


def _lookup(dotted: str) -> object:
    """The object a dotted name names (a module, then attributes), or ``_MISSING``."""
    known = _LOOKED_UP.get(dotted)
    if known is not None or dotted in _LOOKED_UP:
        return known
    value: object = _MISSING
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            value = getattr(value, attribute, _MISSING)
        break
    _LOOKED_UP[dotted] = value
    return value


_DOCUMENTED: dict[int, tuple[int, dict[int, str]]] = {}
"""``_documented``'s index by build environment, with the count of names it was built from.

Kept in this process, not on the environment, which Sphinx pickles for the next build (the
identities of objects mean nothing in another process)."""


def _documented(env: Any) -> dict[int, str]:  # noqa: ANN401 - Sphinx's environment
    """Each documented object (by identity) and the name it is documented under.

    Built again only when the number of documented names has changed since the last call.
    """
    objects = env.get_domain("py").objects
    count, index = _DOCUMENTED.get(id(env), (-1, {}))
    if count != len(objects):
        index = {}
        for name in objects:
            value = _lookup(name)
            if value is not _MISSING and not isinstance(value, int | str | float | type(None)):
                index.setdefault(id(value), name)
        _DOCUMENTED[id(env)] = (len(objects), index)
    return index


def _resolve_by_identity(
    app: Any,  # noqa: ANN401 - Sphinx's application object
    env: Any,  # noqa: ANN401 - Sphinx's environment
    node: Any,  # noqa: ANN401 - a pending cross-reference
    contnode: Any,  # noqa: ANN401 - its content
) -> Any:  # noqa: ANN401 - a reference node or None
    """Resolve a Python reference to any public name of a documented object.

    ``cardgames.paiute.hands.evaluate`` and ``cardgames.paiute.evaluate`` are one function,
    documented once (on its package's page); a reference by either name (or by a name relative
    to the current module or class) links there. A name that imports nothing documented stays
    broken, so nitpicky mode still catches dead links.
    """
    if node.get("refdomain") != "py":
        return None
    target = _ALIASES.get(node["reftarget"], node["reftarget"]).lstrip(".~")
    module, cls = node.get("py:module"), node.get("py:class")
    candidates = [target]
    if module and cls:
        candidates.append(f"{module}.{cls}.{target}")
    while module:  # the current module, then each package around it
        candidates.append(f"{module}.{target}")
        module = module.rpartition(".")[0]
    documented = _documented(env)
    for candidate in candidates:
        value = _lookup(candidate)
        if value is _MISSING:
            continue
        name = documented.get(id(value))
        if name is not None:
            domain = env.get_domain("py")
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, "obj", name, node, contnode
            )
    return None


def setup(app: Any) -> None:  # noqa: ANN401 - Sphinx's application object
    """Write the API pages, and hook in the docstring guard and the reference resolver."""
    write_api_pages()
    app.connect("autodoc-process-docstring", _keep_prose_colons, priority=600)
    app.connect("missing-reference", _resolve_by_identity)

"""What the package claims about itself: its distribution name, Pythons and systems."""

from __future__ import annotations

import importlib.metadata
import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DISTRIBUTION = "cardgames-engine"


def test_the_distribution_name_is_ours() -> None:
    """Packaging: the project is cardgames-engine (cardgames on the index is someone else's)."""
    project = PYPROJECT["project"]
    assert project["name"] == DISTRIBUTION
    assert project["scripts"] == {"cardgames": "cardgames.cli:main"}
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            assert not requirement.startswith("cardgames["), (extra, requirement)


def test_the_installed_distribution_of_the_cardgames_package() -> None:
    """Packaging: the installed metadata of `import cardgames` names cardgames-engine."""
    owners = [
        dist
        for dist in importlib.metadata.distributions()
        if any(entry.value == "cardgames.cli:main" for entry in dist.entry_points)
    ]
    assert owners, "the package is not installed: pip install -e ."
    origin = owners[0].read_text("direct_url.json")
    url = json.loads(origin)["url"] if origin else ""
    if url and Path(url.removeprefix("file://")).resolve() != ROOT:
        pytest.skip(f"the installed cardgames comes from another checkout ({url})")
    assert [dist.metadata["Name"] for dist in owners] == [DISTRIBUTION]


def install_commands() -> list[tuple[str, str]]:
    """Every `pip install` command in the README and the docs, with its file."""
    return [
        (path.name, line)
        for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\bpip install\b", line)
    ]


def test_install_commands_name_the_distribution() -> None:
    """Packaging: every pip install in README and docs installs cardgames-engine or this tree."""
    commands = install_commands()
    assert any(DISTRIBUTION in line for _, line in commands)
    for name, line in commands:
        for target in re.findall(r"pip install (?:-e )?(\S+)", line):
            assert target.strip("'\"`").startswith((DISTRIBUTION, ".")), (name, line)


def test_the_readme_says_the_import_name_differs() -> None:
    """Packaging: the README says you install cardgames-engine and import cardgames."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install cardgames-engine" in readme
    assert "import cardgames" in readme


def classifiers() -> list[str]:
    return list(PYPROJECT["project"]["classifiers"])


def test_claimed_pythons_are_the_ones_ci_runs() -> None:
    """Claims: the Python versions in the classifiers are exactly the one CI runs and checks."""
    claimed = {
        line.rsplit(" :: ", 1)[1]
        for line in classifiers()
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", line)
    }
    checked = PYPROJECT["tool"]["mypy"]["python_version"]
    assert claimed == {checked}
    assert PYPROJECT["project"]["requires-python"] == f">={checked}"
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in claimed


def test_claimed_systems_are_the_ones_ci_runs() -> None:
    """Claims: the package claims the system CI tests on (Linux), not "OS Independent"."""
    systems = [line for line in classifiers() if line.startswith("Operating System ::")]
    assert systems == ["Operating System :: POSIX :: Linux"]
    assert sys.platform == "linux"

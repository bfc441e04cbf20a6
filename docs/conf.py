"""Sphinx configuration for the cardgames documentation."""

from __future__ import annotations

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
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
nitpicky = True
suppress_warnings = ["myst.xref_missing"]

# Links into the Python and attrs docs resolve from inventories shipped in docs/_inventories
# (from Debian's python3.11-doc and python-attr-doc packages), so the build needs no network.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3.11/", "_inventories/python.inv"),
    "attrs": ("https://www.attrs.org/en/stable/", "_inventories/attrs.inv"),
}


html_theme = "furo"
html_title = f"cardgames {release}"

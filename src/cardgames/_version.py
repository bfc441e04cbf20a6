"""The single place where the package version is defined."""

__version__ = "0.1.0.dev0"

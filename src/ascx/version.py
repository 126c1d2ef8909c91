"""ascx's version: part of every kernel cache key, so a new version never reuses old artifacts."""

__version__ = "0.1.0"

"""Helpers for testing kernels and ascx itself (used by ascx's own test suite)."""

from ascx.testing.excerpts import without_excerpts
from ascx.testing.kernels import line_of, load_kernel_source

__all__ = ["line_of", "load_kernel_source", "without_excerpts"]

"""The kernel language: what kernel code calls, mirroring pyasc's ``asc.language`` package."""

from ascx.language import adv, basic, core, fwk
from ascx.language.reference import all_families, apply_docstrings

apply_docstrings(all_families())

__all__ = ["adv", "basic", "core", "fwk"]

"""The kernel language: what kernel code calls, mirroring pyasc's ``asc.language`` package."""

from ascx.language import adv, basic, core, fwk

__all__ = ["adv", "basic", "core", "fwk"]

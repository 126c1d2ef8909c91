"""The kernel language: what kernel code calls, mirroring pyasc's ``asc.language`` package."""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from ascx.language import adv, basic, core, fwk

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language": "adv basic core fwk",
    },
)

__all__ = ["adv", "basic", "core", "fwk"]

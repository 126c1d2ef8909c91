"""The kernel language: what kernel code calls, mirroring pyasc's ``asc.language`` package."""

from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language": "adv basic core fwk",
    },
    star_submodules="adv basic core fwk",
)

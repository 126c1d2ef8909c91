"""pyasc's ``asc.language.basic.set_atomic``: the atomic mode of later copies to global memory (the
functions live in ``ascx.language.basic.atomic``)."""

from ascx.language.basic.atomic import set_atomic_add, set_atomic_max, set_atomic_min, set_atomic_none, set_atomic_type

__all__ = ["set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type"]

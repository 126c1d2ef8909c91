"""One table from a key to the one function registered for it: the printer's emitters (``@emits``), the
pipe analysis's transfer functions (``@transfers``) and the Matmul protocol's role handlers (``@handles``)
are each a :class:`Registry` their modules fill in when imported (docs/architecture.md#registries)."""

from __future__ import annotations

from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Registry(dict[K, V]):
    """A dict (lookups stay a dict's) whose entries are added with :meth:`add`, which refuses a second
    function for a key: two modules claiming one op would otherwise leave whichever imported last."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what
        """What the table holds, for the error: ``"the printer's emitters"``."""

    def add(self, key: K, value: V) -> V:
        """Register ``value`` for ``key``; the same function again (its module reloaded) replaces it."""
        old = self.get(key)
        if old is not None and _qualified(old) != _qualified(value):
            raise ValueError(
                f"{self.what}: {_key_name(key)} is registered twice, by {_qualified(old)} and {_qualified(value)}"
            )
        self[key] = value
        return value


def _qualified(value: Any) -> str:
    return f"{getattr(value, '__module__', '?')}.{getattr(value, '__qualname__', repr(value))}"


def _key_name(key: Any) -> str:
    return key.__name__ if isinstance(key, type) else str(key)

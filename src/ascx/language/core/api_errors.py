"""Errors of the kernel API that carry hints (and notes): the tracer reports them at the call, with both."""

from __future__ import annotations


class ApiTypeError(TypeError):
    """A wrong kind of argument, with hints on how to fix the call."""

    def __init__(self, message: str, *hints: str):
        super().__init__(message)
        self.hints = hints


class ApiValueError(ValueError):
    """An argument of the right kind but a wrong value, with hints on how to fix the call and notes on
    where what is wrong came from."""

    def __init__(self, message: str, *hints: str, notes: tuple[str, ...] = ()):
        super().__init__(message)
        self.hints = hints
        self.notes = notes

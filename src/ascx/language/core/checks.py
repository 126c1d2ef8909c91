"""Validation helpers for arguments the user passes to the kernel API."""


def is_instance(value: object, cls: type | tuple[type, ...]) -> bool:
    """``isinstance``, for checking user arguments whose annotated types Python does not enforce."""
    return isinstance(value, cls)

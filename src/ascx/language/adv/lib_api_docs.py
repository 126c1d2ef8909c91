"""stub"""


def apply_docstrings() -> None:
    pass

"""Finding a kernel in a Python file and building its arguments from the command line."""

from __future__ import annotations

import importlib.util
import inspect
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from ascx.errors import AscxError, SourceLocation
from ascx.language.core.constexpr import is_constexpr_annotation
from ascx.language.core.dtype import float16, float32, int32
from ascx.runtime.jit import JITFunction, MockTensor, MockValue


def load_module(path: Path) -> ModuleType:
    """Import the Python file ``path`` as a module (its directory goes on ``sys.path``)."""
    if not path.is_file():
        raise AscxError(f"no such file: {path}", kind="usage")
    directory = str(path.resolve().parent)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    spec = importlib.util.spec_from_file_location(f"ascx_user_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise AscxError(f"cannot import {path}", kind="usage")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except AscxError:
        raise
    except Exception as exc:
        detail = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        raise AscxError(
            f"importing {path.name} failed: {type(exc).__name__}: {detail}", _import_location(exc, path), kind="import"
        ) from None
    return module


def _import_location(exc: BaseException, path: Path) -> SourceLocation | None:
    """Where in ``path`` importing it failed: a syntax error's position, else the deepest frame of the
    traceback that runs code of ``path``."""
    if isinstance(exc, SyntaxError) and exc.filename is not None and exc.lineno is not None:
        end = exc.end_offset if exc.end_lineno == exc.lineno else None
        return SourceLocation(exc.filename, exc.lineno, exc.offset, exc.end_lineno, end)
    resolved = str(path.resolve())
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if str(Path(frame.f_code.co_filename).resolve()) == resolved:
            line = lineno
    return SourceLocation(str(path), line) if line is not None else None


def find_kernel(module: ModuleType, path: Path, name: str | None) -> JITFunction[..., Any]:
    """The ``@asc.jit`` function ``name`` of ``module``, or its only one when ``name`` is None."""
    kernels: dict[str, JITFunction[..., Any]] = {
        k: cast("JITFunction[..., Any]", v) for k, v in vars(module).items() if isinstance(v, JITFunction)
    }
    if name is not None:
        if name not in kernels:
            known = ", ".join(sorted(kernels)) or "none"
            raise AscxError(f"{path} has no @asc.jit function '{name}' (found: {known})", kind="usage")
        return kernels[name]
    if len(kernels) != 1:
        found = ", ".join(sorted(kernels)) or "none"
        raise AscxError(
            f"{path} defines {len(kernels)} @asc.jit functions ({found})",
            hints=[f"name one: {path}::FUNC"],
            kind="usage",
        )
    return next(iter(kernels.values()))


def default_arguments(kernel: JITFunction[..., Any]) -> list[Any]:
    """One spec per parameter: ``MockTensor(float16)`` for addresses and unannotated parameters
    (as pyasc-ref does), ``MockValue`` of int32/float32 for ``int``/``float`` parameters, and the
    struct class itself for a parameter annotated with one (``asc.adv.TCubeTiling``).
    """
    args: list[Any] = []
    for param in kernel.signature.parameters.values():
        annotation = param.annotation
        if is_constexpr_annotation(annotation):
            raise AscxError(
                f"parameter '{param.name}' is asc.ConstExpr and has no default spec",
                hints=['give every argument with --args, e.g. --args "MockTensor(asc.float16), 128"'],
                kind="usage",
            )
        if annotation in (int, "int"):
            args.append(MockValue(int32))
        elif annotation in (float, "float"):
            args.append(MockValue(float32))
        elif isinstance(annotation, type) and hasattr(annotation, "ascx_struct_type"):
            args.append(annotation)
        else:
            args.append(MockTensor(float16))
    return args


def parse_arguments(text: str) -> list[Any]:
    """``--args``: a Python expression list with ``asc``, ``MockTensor`` and ``MockValue`` in scope."""
    import ascx

    scope = {"asc": ascx, "ascx": ascx, "MockTensor": MockTensor, "MockValue": MockValue}
    try:
        value = eval(f"({text},)", scope)
    except Exception as exc:
        raise AscxError(f"--args: cannot evaluate {text!r}: {type(exc).__name__}: {exc}", kind="usage") from None
    return list(value)


def kernel_signature(kernel: JITFunction[..., Any]) -> str:
    return f"{kernel.__name__}{inspect.signature(kernel.ascx_python_function)}"

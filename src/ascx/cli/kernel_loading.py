"""Finding a kernel in a Python file and building its arguments from the command line."""

from __future__ import annotations

import importlib.util
import inspect
import sys
import traceback
from dataclasses import dataclass
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
    """One spec per parameter, as :func:`kernel_arguments` assumes them (a parameter with a Python default
    takes it)."""
    assumed = kernel_arguments(kernel, None).kwargs
    return [assumed.get(name, param.default) for name, param in kernel.signature.parameters.items()]


@dataclass(frozen=True)
class KernelArguments:
    """What ``ascx compile`` passes to the kernel: the ``--args`` given, positional and by keyword, plus a
    spec for every other parameter without a Python default (``assumed``: name -> how that spec is spelled)."""

    args: list[Any]
    kwargs: dict[str, Any]
    assumed: dict[str, str]

    def assumption_hint(self) -> str | None:
        """Where the specs the user did not give came from, for an error that may be theirs."""
        if not self.assumed:
            return None
        spelled = ", ".join(f"{name}={spec}" for name, spec in self.assumed.items())
        names = ", ".join(f"{name}=..." for name in self.assumed)
        return f'ascx compile assumed {spelled}, as --args gave none: name the real ones, --args "{names}"'


def kernel_arguments(kernel: JITFunction[..., Any], text: str | None) -> KernelArguments:
    """The ``--args`` of ``ascx compile`` (positional, then ``name=value``; None when absent), completed: a
    parameter left out takes its Python default, or else an assumed spec, ``MockTensor(asc.float16)`` for an
    address or an unannotated parameter (as pyasc-ref does), ``MockValue`` of int32/float32 for ``int``/``float``,
    and the struct class itself for a struct parameter (``asc.adv.TCubeTiling``).  A compile-time parameter
    (``asc.ConstExpr``) without a default has no spec to assume: that is a usage error, whose hint is the
    kernel's whole ``--args`` template."""
    args, kwargs = _parse_call(text) if text else ([], {})
    params = list(kernel.signature.parameters.values())
    assumed: dict[str, str] = {}
    for param in params[len(args) :]:
        if param.name in kwargs or param.default is not inspect.Parameter.empty:
            continue
        spec, spelled = _assumed(kernel, param)
        kwargs[param.name] = spec
        assumed[param.name] = spelled
    return KernelArguments(args, kwargs, assumed)


def _assumed(kernel: JITFunction[..., Any], param: inspect.Parameter) -> tuple[Any, str]:
    annotation = param.annotation
    if is_constexpr_annotation(annotation):
        raise AscxError(
            f"parameter '{param.name}' of {kernel.__name__} is asc.ConstExpr and has no default: ascx compile "
            "cannot assume its value",
            hints=[f'give it with --args, e.g. --args "{args_template(kernel)}"'],
            kind="usage",
        )
    if annotation in (int, "int"):
        return MockValue(int32), "MockValue(asc.int32)"
    if annotation in (float, "float"):
        return MockValue(float32), "MockValue(asc.float32)"
    if isinstance(annotation, type) and hasattr(annotation, "ascx_struct_type"):
        package = "asc.adv" if annotation.__module__.startswith("ascx.language.adv") else "asc"
        return annotation, f"{package}.{annotation.__qualname__}"
    return MockTensor(float16), "MockTensor(asc.float16)"


def args_template(kernel: JITFunction[..., Any]) -> str:
    """``x=MockTensor(asc.float16), n=MockValue(asc.int32), tile=...``: every parameter of the kernel, with
    what ascx compile would assume or its default, and ``...`` where there is nothing to assume."""
    parts: list[str] = []
    for param in kernel.signature.parameters.values():
        if param.default is not inspect.Parameter.empty:
            parts.append(f"{param.name}={param.default!r}")
        elif is_constexpr_annotation(param.annotation):
            parts.append(f"{param.name}=...")
        else:
            parts.append(f"{param.name}={_assumed(kernel, param)[1]}")
    return ", ".join(parts)


def _parse_call(text: str) -> tuple[list[Any], dict[str, Any]]:
    """``--args`` read as the arguments of a call: ``MockTensor(asc.float32), 128, tile=256``; the data types
    (``float32``) and ``asc``, ``MockTensor``, ``MockValue`` are in scope."""
    import ascx
    from ascx.language.core import dtype

    def collect(*args: Any, **kwargs: Any) -> tuple[list[Any], dict[str, Any]]:
        return list(args), kwargs

    scope: dict[str, Any] = {name: value for name, value in vars(dtype).items() if isinstance(value, dtype.DataType)}
    scope |= {"asc": ascx, "ascx": ascx, "MockTensor": MockTensor, "MockValue": MockValue, "_collect_": collect}
    try:
        parsed = eval(f"_collect_({text})", scope)
    except Exception as exc:
        raise AscxError(f"--args: cannot evaluate {text!r}: {type(exc).__name__}: {exc}", kind="usage") from None
    return cast("tuple[list[Any], dict[str, Any]]", parsed)


def parse_arguments(text: str) -> list[Any]:
    """``--args`` given positionally only: a Python expression list with ``asc``, ``MockTensor`` and
    ``MockValue`` in scope."""
    args, kwargs = _parse_call(text)
    if kwargs:
        raise AscxError(f"--args: {text!r} names parameters; this use takes positional values only", kind="usage")
    return args


def kernel_signature(kernel: JITFunction[..., Any]) -> str:
    return f"{kernel.__name__}{inspect.signature(kernel.ascx_python_function)}"

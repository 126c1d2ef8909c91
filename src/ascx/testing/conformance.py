"""The tracer conformance harness: trace every conformance kernel of a file, report IR or errors.

    python -m ascx.testing.conformance tests/tracer/conformance/kernels.py
    python -m ascx.testing.conformance tests/tracer/conformance/kernels.py --write-goldens DIR

prints a JSON object ``{kernel name: text}``: the printed IR of each ``tNN_`` kernel, and
``error[kind] line N: message`` for each ``eNN_`` kernel.  The test suite runs it under every
CPython (3.11, 3.12, 3.13) available and requires identical output.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
from io import StringIO
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from xdsl.printer import Printer

from ascx.errors import KernelError
from ascx.language.core.constexpr import is_constexpr_annotation
from ascx.language.core.dtype import float16, float32, int32
from ascx.runtime.jit import JITFunction
from ascx.tracer import KernelParam, trace_function


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("ascx_conformance_kernels", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def parameters(name: str, kernel: JITFunction[..., Any], constexprs: dict[str, dict[str, Any]]) -> list[KernelParam]:
    """Specs by naming convention: ``f`` float32, ``w`` a GM address, ConstExpr from ``constexprs``, else int32."""
    params: list[KernelParam] = []
    for param in kernel.signature.parameters.values():
        if is_constexpr_annotation(param.annotation):
            default = None if param.default is inspect.Parameter.empty else param.default
            params.append(KernelParam(param.name, "constexpr", value=constexprs.get(name, {}).get(param.name, default)))
        elif param.name == "f":
            params.append(KernelParam(param.name, "scalar", float32))
        elif param.name == "w":
            params.append(KernelParam(param.name, "pointer", float16))
        else:
            params.append(KernelParam(param.name, "scalar", int32))
    return params


def trace_all(path: Path) -> dict[str, str]:
    """``{kernel: IR text or error line}`` for every ``tNN_``/``eNN_`` kernel of the file."""
    module = load(path)
    constexprs: dict[str, dict[str, Any]] = getattr(module, "CONSTEXPR", {})
    results: dict[str, str] = {}
    for name, value in sorted(vars(module).items()):
        if not (isinstance(value, JITFunction) and name[:1] in "te" and name[1:3].isdigit()):
            continue
        kernel = cast("JITFunction[..., Any]", value)
        try:
            traced = trace_function(kernel.ascx_python_function, parameters(name, kernel, constexprs))
        except KernelError as error:
            line = error.location.line if error.location is not None else 0
            results[name] = f"error[{error.kind}] line {line}: {error.message}"
            continue
        out = StringIO()
        Printer(stream=out).print_op(traced.module)
        results[name] = out.getvalue() + "\n"
    return results


def write_goldens(path: Path, directory: Path) -> None:
    """Store the IR of every ``tNN_`` kernel as ``directory/<name>.mlir``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in trace_all(path).items():
        if name.startswith("t"):
            (directory / f"{name}.mlir").write_text(text)


def main(argv: list[str]) -> None:
    if len(argv) == 3 and argv[1] == "--write-goldens":
        write_goldens(Path(argv[0]), Path(argv[2]))
    else:
        json.dump(trace_all(Path(argv[0])), sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1:])

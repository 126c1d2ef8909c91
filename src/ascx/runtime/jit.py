"""``@asc.jit``: kernels and device functions, their specialisation and compile cache.

``kernel.compile(*args)`` traces and compiles a kernel without launching it and returns a
:class:`~ascx.runtime.compiler.CompiledKernel`.  Arguments may be real data (numpy arrays,
anything with a ``dtype``), Python scalars, or specs: pyasc's ``MockTensor(dtype)`` and
``MockValue(dtype)``.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from types import FunctionType
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar, cast, overload

from ascx.errors import AscxError, AscxWarning, KernelError, SourceLocation
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.constexpr import ConstExpr, is_constexpr_annotation
from ascx.language.core.dtype import DataType, bool_, float32, int32
from ascx.language.core.kernel_options import KernelOptions
from ascx.language.core.values import GlobalAddress
from ascx.runtime.compiled import CompiledKernel
from ascx.runtime.disk_cache import active_cache, cache_key
from ascx.runtime.pipeline_spec import pipeline_for
from ascx.tracer.gc_pause import gc_paused
from ascx.tracer.signature import KernelParam, KernelStruct

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

P = ParamSpec("P")
R = TypeVar("R")

HONOURED_OPTIONS = {
    "matmul_cube_only": False, "always_compile": False, "verify_sync": True, "insert_sync": True,
    "sync_report": False, "warnings_as_errors": False, "event_ids": "auto", "final_barrier": "auto",
    "strict_same_pipe": False, "alias": "conservative", "assume_gm_args_noalias": True, "sync_lints": False,
    "kernel_type": None, "debug": False, "gm_overrun": None, "local_overrun": None,
    "profile": None,
}  # fmt: skip
"""Options ascx implements, with their defaults (``debug``: launches run the emulation's debug build;
``gm_overrun``: ``"warn"`` lets launches access GM past an array's end, docs/emulation.md#gm-overruns;
``local_overrun``: ``"warn"`` lets calls access a LocalTensor past its end, docs/emulation.md#local-tensor-overruns;
``profile``: a directory where launches write their modelled timelines, docs/emulation.md#timeline)."""
CHOICES = {
    "event_ids": ("auto", "const", "alloc", "fetch"),
    "final_barrier": ("auto", "always", "never"),
    "alias": ("conservative", "assume_disjoint"),
    "gm_overrun": (None, "error", "warn"),
    "local_overrun": (None, "error", "warn"),
}
"""The values the string options take (docs/sync-model.md#options)."""
ACCEPTED_OPTIONS = {
    "capture_exceptions": True, "ir_multithreading": True, "strip_loc": False,
    "print_ir_before_all": False, "run_passes": True,
    "opt_level": 3, "auto_sync": True, "auto_sync_log": "", "bisheng_options": None,
    "core_num": 0, "stream": None,
}  # fmt: skip
"""pyasc options that ascx accepts so pyasc kernels decorate unchanged, but that change nothing yet."""

_GENERATOR_FLAGS = {
    inspect.CO_GENERATOR: "a generator",
    inspect.CO_COROUTINE: "a coroutine",
    inspect.CO_ASYNC_GENERATOR: "an async generator",
}


class MockTensor:
    """Stands for a tensor argument of the given dtype: the kernel parameter becomes a GM pointer."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"MockTensor({self.dtype!r})"


class MockValue:
    """Stands for a scalar argument of the given dtype."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"MockValue({self.dtype!r})"


def _definition_location(fn: FunctionType) -> SourceLocation:
    try:
        _, line = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        line = fn.__code__.co_firstlineno
    return SourceLocation(fn.__code__.co_filename, line)


def _unwrap(fn: Callable[..., Any]) -> FunctionType:
    inner = inspect.unwrap(fn)
    if not isinstance(inner, FunctionType):
        raise TypeError(f"@asc.jit needs a Python function, got {type(inner).__name__}")
    flags = inner.__code__.co_flags
    for flag, construct in _GENERATOR_FLAGS.items():
        if flags & flag:
            raise KernelError(
                f"{construct} cannot be an @asc.jit function",
                _definition_location(inner),
                hints=["kernels and device functions are plain functions"],
                kind="unsupported-construct",
            )
    if flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        hint = (
            "if a decorator wraps the kernel and hides its signature, put @asc.jit innermost"
            if inner is fn
            else "list the kernel's parameters explicitly"
        )
        raise KernelError(
            "*args and **kwargs parameters are not supported in kernels",
            _definition_location(inner),
            hints=[hint],
            kind="unsupported-construct",
        )
    return inner


def _parameters_text(signature: inspect.Signature) -> str:
    """``x: GlobalAddress, n: int = 8``: the parameters as the kernel's author wrote them, roughly."""
    parts: list[str] = []
    for param in signature.parameters.values():
        text = param.name
        annotation = param.annotation
        if annotation is not inspect.Parameter.empty:
            text += f": {annotation if isinstance(annotation, str) else getattr(annotation, '__name__', annotation)}"
        if param.default is not inspect.Parameter.empty:
            text += f" = {param.default!r}"
        parts.append(text)
    return ", ".join(parts)


NO_TENSOR_DTYPES = frozenset({"float64"})
"""Element types no Ascend C tensor (``__gm__ T*``) holds: a tensor argument of one is refused by name."""
SUPPORTED_TENSOR_DTYPES = "float16, bfloat16, float32 or integer (int8 … int64, uint8 … uint64)"


def kernel_param(name: str, value: Any, annotation: Any) -> KernelParam:
    """How the argument ``value`` for parameter ``name`` specialises the kernel (pyasc's rules)."""
    if is_constexpr_annotation(annotation) or isinstance(value, ConstExpr):
        return KernelParam(name, "constexpr", value=ConstExpr.unwrap(value))
    if isinstance(value, MockTensor):
        return KernelParam(name, "pointer", value.dtype)
    if isinstance(value, MockValue):
        return KernelParam(name, "scalar", value.dtype)
    struct = value if isinstance(value, type) else type(value)
    if hasattr(struct, "ascx_from_kernel_argument"):
        return KernelParam(name, "struct", struct=cast("type[KernelStruct]", struct))
    if isinstance(value, DataType):
        if annotation is GlobalAddress or annotation in ("GlobalAddress", "asc.GlobalAddress"):
            return KernelParam(name, "pointer", value)
        raise TypeError(
            f"argument '{name}': a bare data type is ambiguous here; pass MockTensor({value!r}) for a tensor "
            f"or MockValue({value!r}) for a scalar"
        )
    if isinstance(value, bool):
        return KernelParam(name, "scalar", bool_)
    if isinstance(value, int):
        return KernelParam(name, "scalar", int32)
    if isinstance(value, float):
        return KernelParam(name, "scalar", float32)
    return _array_param(name, value)


def _array_param(name: str, value: Any) -> KernelParam:
    import numpy as np

    if isinstance(value, np.generic):
        return KernelParam(name, "scalar", DataType.from_numpy(str(cast(Any, value).dtype)))
    dtype = getattr(value, "dtype", None)
    if dtype is not None and any(hasattr(value, p) for p in ("__array__", "__dlpack__", "__array_interface__")):
        text = str(dtype).removeprefix("torch.")  # torch.float16 -> float16
        if text == "bfloat16":  # torch's, which numpy lacks
            return KernelParam(name, "pointer", DataType("bfloat16"))
        return KernelParam(name, "pointer", DataType.from_numpy(text))
    raise TypeError(f"Argument type in JIT function is not supported: {type(value).__name__}")


class JITFunction(Generic[P, R]):
    """A function decorated with ``@asc.jit``: a kernel, or a device function called by kernels."""

    def __init__(self, fn: Callable[P, R], **options: Any):
        unknown = set(options) - set(HONOURED_OPTIONS) - set(ACCEPTED_OPTIONS)
        if unknown:
            raise RuntimeError("The following option names are unknown: " + ", ".join(sorted(unknown)))
        self.fn = fn
        self.ascx_python_function = _unwrap(fn)
        """The function the tracer executes (``fn`` without its decorators)."""
        self.signature = inspect.signature(self.ascx_python_function)
        clashes = set(self.signature.parameters) & (set(HONOURED_OPTIONS) | set(ACCEPTED_OPTIONS))
        if clashes:
            raise RuntimeError(
                "The following argument names conflict with JIT configuration options: " + ", ".join(sorted(clashes))
            )
        _check_choices(options)
        self.user_options = dict(options)
        """The options given to ``@asc.jit``."""
        self.options = {**HONOURED_OPTIONS, **options}
        ignored = [k for k, v in options.items() if k in ACCEPTED_OPTIONS and v != ACCEPTED_OPTIONS[k]]
        if ignored:
            warnings.warn(
                f"@asc.jit options {', '.join(sorted(ignored))} are accepted for pyasc compatibility "
                "but have no effect in this version of ascx",
                AscxWarning,
                stacklevel=3,
            )
        self._cache: dict[tuple[object, ...], CompiledKernel] = {}
        self.__name__ = self.ascx_python_function.__name__
        self.__qualname__ = self.ascx_python_function.__qualname__
        self.__doc__ = self.ascx_python_function.__doc__

    def __repr__(self) -> str:
        return f"<ascx kernel {self.__qualname__}>"

    def __get__(self, instance: object, owner: type | None = None) -> JITFunction[P, R]:
        if instance is not None:
            raise KernelError(
                f"'{self.__qualname__}' is an @asc.jit function defined as a method, which kernels cannot be",
                _definition_location(self.ascx_python_function),
                hints=["define the kernel at module level and pass what it needs as arguments"],
                kind="unsupported-construct",
            )
        return self

    @property
    def kernel_options(self) -> KernelOptions:
        return _kernel_options(self.options)

    def specialize(self, *args: Any, **kwargs: Any) -> tuple[KernelParam, ...]:
        """The kernel parameters these arguments stand for."""
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as error:  # a missing or extra argument: say which kernel, and its signature
            name = self.ascx_python_function.__name__
            raise KernelError(
                f"kernel '{name}': {error}",
                _definition_location(self.ascx_python_function),
                hints=[f"its parameters are {name}({_parameters_text(self.signature)})"],
                kind="argument-count",
            ) from None
        bound.apply_defaults()
        params = tuple(
            kernel_param(name, value, self.signature.parameters[name].annotation)
            for name, value in bound.arguments.items()
        )
        for param, value in zip(params, bound.arguments.values(), strict=True):
            if param.kind == "pointer" and param.dtype is not None and param.dtype.name in NO_TENSOR_DTYPES:
                raise self._unsupported_tensor(param, value)
            check = getattr(param.struct, "ascx_check_kernel_fields", None) if param.kind == "struct" else None
            if check is not None:  # asc.language.core.struct.Struct: fields a kernel can copy and read
                try:
                    check(type(value).__name__ if not isinstance(value, type) else value.__name__)
                except ApiTypeError as error:
                    raise KernelError(
                        f"kernel '{self.ascx_python_function.__name__}', parameter '{param.name}': {error}",
                        _definition_location(self.ascx_python_function),
                        hints=list(error.hints),
                        kind="argument",
                    ) from None
        return params

    def _unsupported_tensor(self, param: KernelParam, value: Any) -> KernelError:
        """The error for a tensor argument of an element type no Ascend C tensor holds (numpy's default float64)."""
        assert param.dtype is not None
        named = param.dtype.name
        spec = isinstance(value, MockTensor | DataType)
        what = f"MockTensor({named})" if spec else f"a {named} array"
        hint = (
            "pass MockTensor(asc.float32) (or another supported type)"
            if spec
            else f"numpy's default dtype is float64: convert it, e.g. {param.name}.astype(np.float32)"
        )
        return KernelError(
            f"kernel '{self.ascx_python_function.__name__}', parameter '{param.name}': {what} cannot be a kernel "
            f"argument: Ascend C's tensors hold {SUPPORTED_TENSOR_DTYPES} elements",
            _definition_location(self.ascx_python_function),
            hints=[hint],
            kind="argument",
        )

    def compile(self, *args: Any, **kwargs: Any) -> CompiledKernel:
        """Trace and compile the kernel for these arguments (or specs) without launching it.

        Results are cached per specialisation, in memory and on disk (``ascx.runtime.disk_cache``),
        and reused while the globals, closure values and module attributes the trace read are
        unchanged; ``@asc.jit(always_compile=True)`` bypasses both caches.  A failed compilation
        caches nothing.
        """
        params = self.specialize(*args, **kwargs)
        options = self.kernel_options
        key = (tuple(p.key() for p in params), options)
        fresh = bool(self.options["always_compile"])
        cached = self._cache.get(key)
        if cached is not None and not fresh:
            if not any(dependency.changed() for dependency in cached.dependencies):
                return cached
        fn = self.ascx_python_function
        disk = active_cache()
        disk_key = cache_key(fn, params, options, pipeline_for(options)) if disk is not None else None
        compiled = None
        if disk is not None and disk_key is not None and not fresh:
            compiled = disk.load(disk_key, fn, params, lambda: self._compile(params, options))
        if compiled is None:
            compiled = self._compile(params, options)
            if disk is not None and disk_key is not None:
                disk.store(disk_key, compiled)
        self._cache[key] = compiled
        return compiled

    def trace(self, *args: Any, **kwargs: Any) -> ModuleOp:
        """The kernel's IR for these arguments as traced, before any pass: what a pass writer gives
        ``ascx-opt`` (``ascx compile FILE --emit ir-traced`` prints it).  Not cached."""
        params = self.specialize(*args, **kwargs)
        with gc_paused():
            from ascx.runtime.compiler import trace_module

        try:
            return trace_module(self.ascx_python_function, params, self.kernel_options)
        except AscxError as error:
            error.__traceback__ = None
            raise

    def _compile(self, params: tuple[KernelParam, ...], options: KernelOptions) -> CompiledKernel:
        import logging  # not on a cache hit

        from ascx.progress import logger, step

        with gc_paused():  # the compiler's first import defines the dialect: long-lived objects, no garbage
            from ascx.runtime.compiler import compile_kernel  # the tracer, the passes and xDSL: not on a cache hit

        try:
            with step(logger("compile"), f"compiling '{self.__name__}' to Ascend C", level=logging.DEBUG):
                return compile_kernel(self.ascx_python_function, params, options)
        except AscxError as error:
            if error.__cause__ is not None:
                error.__cause__.__traceback__ = None
            error.__traceback__ = None
            raise

    def __getitem__(self, launch: object) -> Callable[..., None]:
        """``kernel[core_num](*args)`` (or pyasc's ``kernel[core_num, stream](*args)``): compile for these
        arguments and run on the selected backend (the CPU emulation:
        ``asc.runtime.config.set_platform(Backend.Model)``, the default).

        As in pyasc, keyword arguments named like ``@asc.jit`` options (``always_compile=True``) set
        those options for this call, and the last step is
        ``asc.runtime.launcher.Launcher(LaunchOptions(core_num, stream)).run(compiled, name, args)``.
        """
        from ascx.runtime.launcher import LaunchOptions

        try:
            if isinstance(launch, tuple):
                launch_options = LaunchOptions(*cast("tuple[Any, ...]", launch))
            else:
                launch_options = LaunchOptions(core_num=cast(int, launch))
        except TypeError as error:
            raise TypeError("Parse user launch options failed") from error

        def launch_kernel(*args: Any, **kwargs: Any) -> None:
            from ascx.emu.gm_overrun import GmOverrunMode, gm_overruns  # loaded on demand, as the launcher is
            from ascx.emu.launch import debug_builds
            from ascx.emu.local_overrun import local_overruns
            from ascx.emu.timeline import profiling_into
            from ascx.runtime import launcher

            call_options = {k: kwargs.pop(k) for k in list(kwargs) if k in HONOURED_OPTIONS or k in ACCEPTED_OPTIONS}
            kernel = JITFunction(self.fn, **{**self.user_options, **call_options}) if call_options else self
            compiled = kernel.compile(*args, **kwargs)
            bound = self.signature.bind(*args, **kwargs)
            bound.apply_defaults()
            runtime_args = tuple(
                value
                for param, value in zip(compiled.params, bound.arguments.values(), strict=True)
                if param.kind != "constexpr"
            )
            with (
                debug_builds(bool(kernel.options["debug"])),
                gm_overruns(cast("GmOverrunMode | None", kernel.options["gm_overrun"])),
                local_overruns(cast("GmOverrunMode | None", kernel.options["local_overrun"])),
                profiling_into(kernel.options["profile"]),
            ):
                launcher.Launcher(launch_options).run(compiled, self.__name__, runtime_args)

        return launch_kernel

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        raise RuntimeError(
            f"'{self.__name__}' is an @asc.jit function: launch it with {self.__name__}[core_num](...), "
            f"compile it with {self.__name__}.compile(...), or call it from another @asc.jit function"
        )


def _check_choices(options: dict[str, Any]) -> None:
    for option, allowed in CHOICES.items():
        if option in options and options[option] not in allowed:
            choices = ", ".join(repr(choice) for choice in allowed)
            raise RuntimeError(f"@asc.jit({option}={options[option]!r}): {option} must be one of {choices}")
    kernel_type = options.get("kernel_type")
    if kernel_type is not None:
        from ascx.runtime.config import KernelType

        if not isinstance(kernel_type, KernelType):
            raise RuntimeError(
                f"@asc.jit(kernel_type={kernel_type!r}): kernel_type must be an asc.runtime.config.KernelType or None"
            )


def _kernel_options(options: dict[str, Any]) -> KernelOptions:
    insert = options["insert_sync"]
    kernel_type = options["kernel_type"]
    return KernelOptions(
        matmul_cube_only=bool(options["matmul_cube_only"]),
        verify_sync=bool(options["verify_sync"]),
        insert_sync=True if insert is None else bool(insert),  # pyasc's default is None
        sync_report=bool(options["sync_report"]),
        warnings_as_errors=bool(options["warnings_as_errors"]),
        event_ids=str(options["event_ids"]),
        final_barrier=str(options["final_barrier"]),
        strict_same_pipe=bool(options["strict_same_pipe"]),
        alias=str(options["alias"]),
        assume_gm_args_noalias=bool(options["assume_gm_args_noalias"]),
        sync_lints=bool(options["sync_lints"]),
        kernel_type=None if kernel_type is None else str(kernel_type.name),
    )


@overload
def jit(fn: Callable[P, R], /) -> JITFunction[P, R]: ...


@overload
def jit(**options: Any) -> Callable[[Callable[P, R]], JITFunction[P, R]]: ...


def jit(fn: Callable[P, R] | None = None, /, **options: Any) -> Any:
    """Mark a kernel or device function: ``@asc.jit`` or ``@asc.jit(matmul_cube_only=True)``."""

    def decorate(function: Callable[P, R]) -> JITFunction[P, R]:
        return JITFunction(function, **options)

    return decorate if fn is None else decorate(fn)

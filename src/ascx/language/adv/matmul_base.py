"""What every Matmul method shares: the declared operand types and config, and the checks of the
Matmul protocol that depend on them (availability per kernel mode, dtypes, positions, feature gates).

Messages are pyasc's where pyasc has one, else ascx's (docs/matmul-protocol.md#checks-made-while-tracing).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.ir import SSAValue

from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_modes import MatmulModes, require_not_mix_dual_master, require_results_mode
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import DataType, bit, float16, float32, int8, int32
from ascx.language.core.enums import IterateMode, LayoutMode, MatmulPolicy, TPosition
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.core.values import Handle

AB_DTYPES = (float16, float32, int8)
"""pyasc's allow-list for A and B tensors."""
C_DTYPES = (int32, float32, float16, int8)
"""pyasc's allow-list for C outputs."""
EN_ATOMIC = (0, 1, 2, 3)
UB_POSITIONS = (TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC)

_MISSING: Any = object()
_CURRENT = "matmul.current"
"""``IRBuilder.kernel_state`` key of the Matmul object the kernel is using."""


def not_ended_message(current: str, method: str, other: str) -> str:
    """A method called on one Matmul object while another one, used before, has not been ended."""
    return f"end() must be called on Matmul {current} before calling {method} on Matmul {other}"


def no_tiling_message(obj: str, method: str) -> str:
    """A computation on a Matmul object that was given no tiling."""
    return f"Matmul {obj} has no tiling: pass a tiling to register_matmul or call init(tiling) before {method}"


def cube_only_message(method: str) -> str:
    return f"{method} is only supported in cube-only kernels (matmul_cube_only=True)"


def mix_only_message(method: str) -> str:
    return f"{method} is not supported in cube-only kernels"


def requires_config_message(method: str, field: str, value: bool = True) -> str:
    """A method that needs a ``MatmulConfig`` field set (or cleared)."""
    return f"{method} requires MatmulConfig.{field}={value}"


def unsupported_tensor_message(method: str) -> str:
    """pyasc's message of a tensor whose dtype is not in the method's allow-list."""
    return f"Tensor type is not supported in {method}"


def dtype_mismatch_message(got: object, role: str, want: object, method: str) -> str:
    """A tensor whose dtype is not the one the Matmul declares for its role."""
    return f"Tensor dtype {got} does not match the {role} dtype {want} declared by the Matmul in {method}"


def kind_mismatch_message(method: str, kind: str, role: str, position: str) -> str:
    """A GlobalTensor for a role declared on chip, or a LocalTensor for one declared at GM."""
    return f"{method}: a {kind} does not match the {role} MatmulType position {position}"


def unsupported_layout_message(method: str, layout: str, role: str) -> str:
    return f"{method} does not support layout {layout} for {role}"


def en_atomic_message(shown: str = "[0, 1, 2, 3]") -> str:
    """pyasc's message of an ``en_atomic`` out of range."""
    return f"Params en_atomic should be in {shown}"


def bind(method: str, signature: inspect.Signature, args: Sequence[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments of one overload, defaults applied; ``TypeError`` when they do not fit."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    return dict(bound.arguments)


def no_viable_candidate(
    method: str, args: Sequence[Any], kwargs: dict[str, Any], candidates: Sequence[str]
) -> RuntimeError:
    """The dispatch failure of an overloaded method (docs/reference/matmul.md)."""
    got = ", ".join([type(a).__name__ for a in args] + [f"{k}={type(v).__name__}" for k, v in kwargs.items()])
    return RuntimeError(
        f"No viable candidates were found to dispatch Matmul.{method}(): got ({got}); "
        f"candidates: {'; '.join(candidates)}"
    )


def signature_of(fn: Callable[..., Any]) -> inspect.Signature:
    """The signature of an overload written as a plain function."""
    return inspect.signature(fn)


class MatmulBase(Handle):
    """A Matmul object: its four operand types, its config, its policy, and the checks on them."""

    __slots__ = ("a_type", "b_type", "bias_type", "c_type", "config", "last_iterate_sync", "modes", "policy", "seen")

    seen: set[str]
    """What the trace has done with this object so far (``set_workspace``, ``batch:<method>``, ...), for
    the ordering rules checked at trace time."""
    last_iterate_sync: bool | None
    """The ``sync`` of the last ``iterate`` traced on this object (None before the first)."""
    a_type: MatmulType
    b_type: MatmulType
    c_type: MatmulType
    bias_type: MatmulType
    config: MatmulConfig
    policy: MatmulPolicy
    modes: MatmulModes
    """MixDualMaster and IBShare on both A and B, which restrict the methods."""

    # -- kernel mode (docs/matmul-protocol.md#availability-per-kernel-mode)

    def _builder(self, method: str) -> IRBuilder:
        """The kernel's builder, after the rule of switching objects (docs/matmul-protocol.md#switching-objects):
        once a kernel calls a method of another Matmul, the previous one must have been ended (by ``end()``,
        or by the AIC's server after an ``iterate_all``/``iterate_batch``: ``_ended_by_server``). Waiting for
        such a computation is neither a switch nor makes the object active again."""
        builder = active(f"Matmul.{method}")
        if method in ("wait_iterate_all", "wait_iterate_batch"):
            return builder  # waits for a computation the server ended; uses no cube resources
        current = builder.kernel_state.get(_CURRENT)
        if current is not None and current is not self:
            raise ValueError(not_ended_message(current._label(), method, self._label()))
        builder.kernel_state[_CURRENT] = None if method == "end" else self
        return builder

    def _ended_by_server(self, builder: IRBuilder) -> None:
        """After an ``iterate_all``/``iterate_batch`` into global memory on a MIX kernel's vector core, the
        AIC's Matmul server ends the object itself (CANN's ``matmul_server_impl_c220.h`` calls ``End()`` after
        each), so the kernel may use another object, as Huawei's FlashAttention kernels do while an
        asynchronous one is in flight (docs/matmul-protocol.md#switching-objects)."""
        if not builder.options.matmul_cube_only and not self.modes.mix_dual_master:
            builder.kernel_state[_CURRENT] = None

    def _label(self) -> str:
        return self._name or "object"

    def _requires_tiling(self, method: str) -> None:
        """A computation needs the tiling (docs/matmul-protocol.md#the-tiling), from ``register_matmul`` or ``init``."""
        if "tiling" not in self.seen:
            raise ValueError(no_tiling_message(self._label(), method))

    @staticmethod
    def _cube_only(builder: IRBuilder, method: str) -> None:
        if not builder.options.matmul_cube_only:
            raise ValueError(cube_only_message(method))

    @staticmethod
    def _mix_only(builder: IRBuilder, method: str) -> None:
        if builder.options.matmul_cube_only:
            raise ValueError(mix_only_message(method))

    @staticmethod
    def _sync_in_cube(builder: IRBuilder, method: str, sync: Any) -> None:
        if not sync and builder.options.matmul_cube_only:
            raise ValueError(f"{method} with sync=False is not supported in cube-only kernels")

    # -- the modes: MixDualMaster and IBShare on A and B (docs/matmul-protocol.md#availability-per-kernel-mode)

    def _results_mode(self, method: str) -> None:
        """Results other than ``iterate_all`` to a GlobalTensor: not in either mode."""
        require_results_mode(self.modes, method)

    def _not_dual_master(self, method: str, inputs: bool = False) -> None:
        """A method (or form) CANN does not support in MixDualMaster mode."""
        require_not_mix_dual_master(self.modes, method, inputs)

    # -- the config (docs/matmul-protocol.md#the-configuration)

    def _requires(self, field: str, method: str, value: bool = True) -> None:
        if bool(getattr(self.config, field)) != value:
            raise ValueError(requires_config_message(method, field, value))

    def _requires_mode(self, mode: IterateMode, method: str) -> None:
        if not self.config.iterate_mode & mode:
            raise ValueError(f"{method} requires MatmulConfig.iterate_mode to include {mode.name}")

    # -- tensors (docs/matmul-protocol.md#tensors-positions-and-data-types)

    def _declared(self, role: str) -> MatmulType:
        return {"A": self.a_type, "B": self.b_type, "C": self.c_type, "bias": self.bias_type}[role]

    def _check_dtype(self, dtype: DataType | None, role: str, method: str) -> None:
        want = self._declared(role).dtype
        if dtype != want:
            raise ValueError(dtype_mismatch_message(dtype, role, want, method))

    def _check_kind(self, tensor: BaseTensor, role: str, method: str) -> None:
        position = TPosition(self._declared(role).position)
        is_global = isinstance(tensor, GlobalTensor)
        if is_global != (position is TPosition.GM):
            kind = "GlobalTensor" if is_global else "LocalTensor"
            raise TypeError(kind_mismatch_message(method, kind, role, position.name))

    def _position(self, role: str) -> TPosition:
        return TPosition(self._declared(role).position)

    def _layout(self, role: str) -> LayoutMode:
        return LayoutMode(self._declared(role).layout)

    # -- operands

    @staticmethod
    def _flag(builder: IRBuilder, value: Any, method: str, param: str) -> SSAValue:
        return scalar_operand(builder, value, bit, api=method, param=param)

    @staticmethod
    def _integer(builder: IRBuilder, value: Any, method: str, param: str, dtype: DataType = int32) -> SSAValue:
        return scalar_operand(builder, value, dtype, api=method, param=param)

    @staticmethod
    def _constant_flag(value: Any, param: str, method: str) -> bool:
        """A template argument or pairing flag must be compile-time; returns its truth
        (docs/matmul-protocol.md#compile-time-arguments)."""
        require_compile_time(value, param, method)
        return bool(value)


def is_tensor(value: object) -> bool:
    return isinstance(value, BaseTensor)


def is_local(value: object) -> bool:
    return isinstance(value, LocalTensor)


def check_en_atomic(en_atomic: Any, allowed: Sequence[object] = EN_ATOMIC, shown: str = "[0, 1, 2, 3]") -> None:
    """pyasc's range check; a runtime value is left to the verification pass and the emulator."""
    if not isinstance(en_atomic, Handle) and en_atomic not in allowed:
        raise ValueError(en_atomic_message(shown))


MISSING = _MISSING
"""Marks an argument the caller did not pass."""

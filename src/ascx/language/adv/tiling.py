"""``asc.adv.TCubeTiling``: the tiling struct that drives a Matmul object."""

from __future__ import annotations

import struct
from typing import Any, Self

from xdsl.ir import Attribute, SSAValue

from ascx.dialects.ascendc import TILING_FIELDS, CubeTilingGetOp, CubeTilingLoadOp, CubeTilingOp, CubeTilingSetOp
from ascx.dialects.ascendc.types import CubeTilingType
from ascx.language.core.builder import IRBuilder, active, is_tracing
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import int32
from ascx.language.core.values import Handle, RuntimeScalar

TILING_PY_FIELDS: tuple[str, ...] = (
    "used_core_num", "m", "n", "k_a", "k_b", "single_core_m", "single_core_n", "single_core_k", "base_m",
    "base_n", "base_k", "depth_a1", "depth_b1", "step_m", "step_n", "is_bias", "trans_length", "iterate_order",
    "share_mode", "share_l1_size", "share_l0c_size", "share_ub_size", "batch_m", "batch_n", "single_batch_m",
    "single_batch_n", "step_k_a", "step_k_b", "depth_a_l1_cache_ub", "depth_b_l1_cache_ub", "db_l0a", "db_l0b",
    "db_l0c", "a_layout_info_b", "a_layout_info_s", "a_layout_info_n", "a_layout_info_g", "a_layout_info_d",
    "b_layout_info_b", "b_layout_info_s", "b_layout_info_n", "b_layout_info_g", "b_layout_info_d",
    "c_layout_info_b", "c_layout_info_s1", "c_layout_info_n", "c_layout_info_g", "c_layout_info_s2", "batch_num",
    "mx_type_para",
)  # fmt: skip
"""The Python names of the 50 ``TCubeTiling`` fields, in C++ declaration order."""

CPP_FIELD: dict[str, str] = dict(zip(TILING_PY_FIELDS, TILING_FIELDS, strict=True))
"""Python field name -> C++ member name (``trans_length`` -> ``transLength``)."""


class TCubeTiling(Handle):
    """``TCubeTiling``: 50 ``int32_t`` fields, all 0 unless given.

    Built on the host it is a plain value: its fields are Python ints, and passed to a kernel it
    becomes a ``__gm__ TCubeTiling*`` parameter that the kernel copies into a local struct at
    entry.  Built in a kernel it declares a local ``TCubeTiling`` and assigns the given fields in
    the order they were passed.  In a kernel, assigning a field emits the assignment and reading a
    field emits the read (``int32_t m = tiling.M;``), as pyasc does: the value is a runtime
    ``int32`` even when it was assigned a constant, because the struct may be changed on any path.
    """

    C_SIZE = 4 * len(TILING_PY_FIELDS)
    """``sizeof(TCubeTiling)``: 50 ``int32_t`` fields, 200 bytes."""

    __slots__ = ("_fields", "_reads")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        if len(args) > len(TILING_PY_FIELDS):
            raise TypeError(f"TCubeTiling takes at most {len(TILING_PY_FIELDS)} positional arguments")
        given: dict[str, Any] = dict(zip(TILING_PY_FIELDS, args, strict=False))
        for name, value in kwargs.items():
            if name not in CPP_FIELD:
                raise TypeError(f"TCubeTiling has no field '{name}'")
            if name in given:
                raise TypeError(f"TCubeTiling got multiple values for field '{name}'")
            given[name] = value
        object.__setattr__(self, "_fields", dict.fromkeys(TILING_PY_FIELDS, 0))
        object.__setattr__(self, "_reads", {})
        if is_tracing():
            builder = active("TCubeTiling")
            self.bind(builder.insert(CubeTilingOp()).result)
        for name, value in given.items():
            setattr(self, name, value)

    @classmethod
    def ascx_struct_type(cls) -> Attribute:
        """The IR type of the kernel-local struct (the protocol of struct kernel parameters)."""
        return CubeTilingType()

    @classmethod
    def ascx_from_kernel_argument(cls, builder: IRBuilder, addr: SSAValue, name: str) -> Self:
        """The local copy a kernel makes of a ``TCubeTiling`` it received in global memory."""
        tiling = object.__new__(cls)
        Handle.__init__(tiling, origin="a field of a TCubeTiling kernel argument")
        object.__setattr__(tiling, "_fields", dict.fromkeys(TILING_PY_FIELDS, 0))
        object.__setattr__(tiling, "_reads", {})
        tiling.suggest_name(name)
        tiling.bind(builder.insert(CubeTilingLoadOp(addr)).result)
        return tiling

    def __getattr__(self, name: str) -> Any:
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        if name not in fields:
            raise AttributeError(f"TCubeTiling has no field '{name}'")
        if self.is_bound and is_tracing():
            builder = active("TCubeTiling")
            reads: dict[str, RuntimeScalar] = object.__getattribute__(self, "_reads")
            cached = reads.get(name)
            if cached is not None and builder.dominates(cached.ssa):
                return cached
            value = RuntimeScalar(builder.insert(CubeTilingGetOp(self.ssa, CPP_FIELD[name])).result, int32)
            value.origin = f"a field of TCubeTiling {self.describe()}, read at run time"
            value.suggest_name(name)
            reads[name] = value
            return value
        return fields[name]

    def __ascx_fingerprint__(self) -> str | None:
        """Host tilings by value (see ``ascx.runtime.fingerprint``); kernel-local ones have none."""
        return None if self.is_bound else f"TCubeTiling:{self.pack().hex()}"

    def pack(self) -> bytes:
        """The host struct's bytes: 50 little-endian ``int32_t`` values, what a kernel parameter receives."""
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        return struct.pack(f"<{len(TILING_PY_FIELDS)}i", *(int(fields[name]) for name in TILING_PY_FIELDS))

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in CPP_FIELD:
            object.__setattr__(self, name, value)  # the Handle slots; anything else raises AttributeError
            return
        if self.is_bound:
            self._emit_set(active("TCubeTiling"), name, value)
            self._reads.pop(name, None)
        self._fields[name] = value

    def _emit_set(self, builder: IRBuilder, name: str, value: Any) -> None:
        operand = scalar_operand(builder, value, int32, api="TCubeTiling", param=name)
        builder.insert(CubeTilingSetOp(self.ssa, CPP_FIELD[name], operand))


__all__ = ["TCubeTiling"]

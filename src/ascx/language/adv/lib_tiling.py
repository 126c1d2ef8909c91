"""``asc.adv.SoftmaxTiling``, ``asc.adv.RmsNormTiling``, ``asc.adv.LayerNormTiling`` and ``asc.adv.DeepNormTiling``:
the tiling structs of ``softmax``, ``rmsnorm``, ``layernorm`` and ``deepnorm``; ``asc.adv.SoftmaxShapeInfo``,
the shape the softmax family computes on.

They behave as ``TCubeTiling`` does: built on the host (by ``asc.lib.host.soft_max_tiling_func`` or
``get_rms_norm_tiling_info``, or field by field) a struct is a plain value whose fields are Python
numbers, and passed to a kernel it becomes a ``__gm__ SoftMaxTiling*`` parameter that the kernel copies
into a local struct at entry.  Built in a kernel it declares a local struct and assigns the given
fields in the order they were passed; reading a field in a kernel emits the read.
"""

from __future__ import annotations

import struct
from typing import Any, ClassVar, Self

from xdsl.ir import Attribute, SSAValue

from ascx.dialects.ascendc.adv_ops import (
    LibTilingGetOp,
    LibTilingLoadOp,
    LibTilingOp,
    LibTilingSetOp,
    SoftmaxTilingFuncOp,
)
from ascx.dialects.ascendc.types import LibTilingType
from ascx.language.adv.known_values import constant_number
from ascx.language.core.builder import IRBuilder, active, is_tracing
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import DataType, float32, int32
from ascx.language.core.values import Handle, RuntimeScalar


class LibTiling(Handle):
    """A library tiling struct: ``FIELDS`` lists (Python name, C++ member, data type) in C++ order."""

    CPP_NAME: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = ()

    __slots__ = ("_fields", "_reads")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        name = type(self).__name__
        names = [f[0] for f in self.FIELDS]
        if len(args) > len(names):
            raise TypeError(f"{name} takes at most {len(names)} positional arguments")
        given: dict[str, Any] = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError(f"{name} has no field '{key}'")
            if key in given:
                raise TypeError(f"{name} got multiple values for field '{key}'")
            given[key] = value
        object.__setattr__(self, "_fields", {f[0]: (0.0 if f[2] == float32 else 0) for f in self.FIELDS})
        object.__setattr__(self, "_reads", {})
        if is_tracing():
            builder = active(name)
            self.bind(builder.insert(LibTilingOp(self.CPP_NAME)).result)
        for key, value in given.items():
            setattr(self, key, value)

    @classmethod
    def _field(cls, name: str) -> tuple[str, str, DataType] | None:
        return next((f for f in cls.FIELDS if f[0] == name), None)

    @classmethod
    def ascx_struct_type(cls) -> Attribute:
        """The IR type of the kernel-local struct (the protocol of struct kernel parameters)."""
        return LibTilingType(cls.CPP_NAME)

    @classmethod
    def ascx_from_kernel_argument(cls, builder: IRBuilder, addr: SSAValue, name: str) -> Self:
        """The local copy a kernel makes of a struct it received in global memory."""
        tiling = cls.of_value(
            builder.insert(LibTilingLoadOp(addr)).result, f"a field of a {cls.__name__} kernel argument"
        )
        tiling.suggest_name(name)
        return tiling

    @classmethod
    def of_value(cls, value: SSAValue, origin: str) -> Self:
        """The struct a kernel-local IR value holds (a struct an op of the kernel computes, or loads)."""
        tiling = object.__new__(cls)
        Handle.__init__(tiling, origin=origin)
        object.__setattr__(tiling, "_fields", {f[0]: 0 for f in cls.FIELDS})
        object.__setattr__(tiling, "_reads", {})
        tiling.bind(value)
        return tiling

    def __getattr__(self, name: str) -> Any:
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        field = type(self)._field(name)
        if field is None:
            raise AttributeError(f"{type(self).__name__} has no field '{name}'")
        if self.is_bound and is_tracing():
            builder = active(type(self).__name__)
            reads: dict[str, RuntimeScalar] = object.__getattribute__(self, "_reads")
            cached = reads.get(name)
            if cached is not None and builder.dominates(cached.ssa):
                return cached
            value = RuntimeScalar(builder.insert(LibTilingGetOp(self.ssa, field[1])).result, field[2])
            value.origin = f"a field of {type(self).__name__} {self.describe()}, read at run time"
            value.suggest_name(name)
            reads[name] = value
            return value
        return fields[name]

    def __setattr__(self, name: str, value: Any) -> None:
        field = type(self)._field(name)
        if field is None:
            object.__setattr__(self, name, value)  # the Handle slots; anything else raises AttributeError
            return
        if self.is_bound:
            builder = active(type(self).__name__)
            operand = scalar_operand(builder, value, field[2], api=type(self).__name__, param=name)
            builder.insert(LibTilingSetOp(self.ssa, field[1], operand))
            self._reads.pop(name, None)
        self._fields[name] = value

    def forget_reads(self, *names: str) -> None:
        """Drop the cached kernel reads of fields that a library call has changed (``LayerNorm`` takes its
        tiling by reference and sets ``bshCurLength`` and ``bsCurLength``): later reads emit a new read."""
        reads: dict[str, RuntimeScalar] = object.__getattribute__(self, "_reads")
        for name in names:
            reads.pop(name, None)

    def known_fields(self) -> dict[str, int | float]:
        """The fields whose values are known at trace time: all of a host struct's; of a struct built in the
        kernel, those assigned exactly once, a constant, in the block that declares the struct (so on every
        path); none of a kernel parameter's, nor of a struct a library call fills (``softmax_tiling_func``)."""
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        if not self.is_bound:
            return {k: v for k, v in fields.items() if isinstance(v, int | float) and not isinstance(v, bool)}
        declaration = self.ssa.owner
        if not isinstance(declaration, LibTilingOp):
            return {}
        if any(isinstance(use.operation, SoftmaxTilingFuncOp) and use.index == 2 for use in self.ssa.uses):
            return {}
        sets: dict[str, list[LibTilingSetOp]] = {}
        for use in self.ssa.uses:
            if isinstance(use.operation, LibTilingSetOp):
                sets.setdefault(use.operation.field.data, []).append(use.operation)
        known: dict[str, int | float] = {}
        for py, cpp, _ in self.FIELDS:
            ops = sets.get(cpp, [])
            if not ops:
                known[py] = 0
            elif len(ops) == 1 and ops[0].parent_block() is declaration.parent_block():
                value = constant_number(ops[0].value)
                if value is not None:
                    known[py] = value
        return known

    def __ascx_fingerprint__(self) -> str | None:
        """Host structs by value (see ``ascx.runtime.fingerprint``); kernel-local ones have none."""
        return None if self.is_bound else f"{type(self).__name__}:{self.pack().hex()}"

    def pack(self) -> bytes:
        """The host struct's bytes, what a kernel parameter receives: little-endian ``uint32_t`` members
        (``float`` for a float member)."""
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        codes = "".join("f" if dtype == float32 else "I" for _, _, dtype in self.FIELDS)
        values = [float(fields[n]) if d == float32 else int(fields[n]) & 0xFFFFFFFF for n, _, d in self.FIELDS]
        return struct.pack(f"<{codes}", *values)

    def __repr__(self) -> str:
        if self.is_bound:
            return f"{type(self).__name__}({self.describe()})"
        fields: dict[str, Any] = object.__getattribute__(self, "_fields")
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"


class SoftmaxTiling(LibTiling):
    """``SoftMaxTiling``: 16 ``uint32_t`` fields that ``asc.lib.host.soft_max_tiling_func`` fills for a shape
    ``[src_m, src_k]`` and a temporary buffer size; ``softmax`` processes ``split_m`` rows at a time."""

    CPP_NAME: ClassVar[str] = "SoftMaxTiling"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = tuple(
        (py, cpp, int32)
        for py, cpp in (
            ("src_m", "srcM"), ("src_k", "srcK"), ("src_size", "srcSize"), ("out_max_m", "outMaxM"),
            ("out_max_k", "outMaxK"), ("out_max_size", "outMaxSize"), ("split_m", "splitM"), ("split_k", "splitK"),
            ("split_size", "splitSize"), ("reduce_m", "reduceM"), ("reduce_k", "reduceK"),
            ("reduce_size", "reduceSize"), ("range_m", "rangeM"), ("tail_m", "tailM"),
            ("tail_split_size", "tailSplitSize"), ("tail_reduce_size", "tailReduceSize"),
        )
    )  # fmt: skip
    C_SIZE = 64
    """``sizeof(SoftMaxTiling)``: 16 ``uint32_t``."""


class RmsNormTiling(LibTiling):
    """``RmsNormTiling``: the shape ``[b, s, h]`` of ``rmsnorm``'s input, ``1 / original_h_length`` and how the
    rows are split by the temporary buffer (``asc.lib.host.get_rms_norm_tiling_info`` fills it)."""

    CPP_NAME: ClassVar[str] = "RmsNormTiling"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = (
        ("b_length", "bLength", int32), ("s_length", "sLength", int32), ("h_length", "hLength", int32),
        ("original_h_length", "originalHLength", int32), ("reciprocal_of_h_length", "reciprocalOfHLength", float32),
        ("main_bsh_length", "mainBshLength", int32), ("main_bs_length", "mainBsLength", int32),
        ("main_bs_length_align", "mainBsLengthAlign", int32), ("loop_round", "loopRound", int32),
        ("input_tail_pos", "inputTailPos", int32), ("tail_bsh_length", "tailBshLength", int32),
        ("tail_bs_length", "tailBsLength", int32),
    )  # fmt: skip
    C_SIZE = 48
    """``sizeof(RmsNormTiling)``: 11 ``uint32_t`` and one ``float``."""


class SoftmaxShapeInfo(LibTiling):
    """``AscendC::SoftMaxShapeInfo``: the shape ``[src_m, src_k]`` the softmax family computes on, and the
    original shape ``[ori_src_m, ori_src_k]`` before the last axis was padded to 32 bytes. Given to
    ``softmax(..., softmax_shape_info=...)`` it takes precedence over the source tensor's shape and the
    tiling's; a tiling whose ``[src_m, src_k]`` differs is recomputed on the device for it."""

    CPP_NAME: ClassVar[str] = "SoftMaxShapeInfo"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = (
        ("src_m", "srcM", int32), ("src_k", "srcK", int32), ("ori_src_m", "oriSrcM", int32),
        ("ori_src_k", "oriSrcK", int32),
    )  # fmt: skip
    C_SIZE = 16
    """``sizeof(SoftMaxShapeInfo)``: 4 ``uint32_t``."""


class LayerNormTiling(LibTiling):
    """``LayerNormTiling``: the shape ``[b, s, h]`` of ``layernorm``'s input, ``1 / original_h_length`` and how
    the rows are split over the three float32 work areas of the temporary buffer
    (``asc.lib.host.get_layer_norm_nd_tiling_info`` fills it)."""

    CPP_NAME: ClassVar[str] = "LayerNormTiling"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = (
        ("b_length", "bLength", int32), ("s_length", "sLength", int32), ("h_length", "hLength", int32),
        ("original_h_length", "originalHLength", int32), ("input_x_size", "inputXSize", int32),
        ("mean_var_size", "meanVarSize", int32), ("number_of_tmp_buf", "numberOfTmpBuf", int32),
        ("mean_tmp_tensor_pos", "meanTmpTensorPos", int32), ("mean_tmp_tensor_size", "meanTmpTensorSize", int32),
        ("variance_tmp_tensor_pos", "varianceTmpTensorPos", int32),
        ("variance_tmp_tensor_size", "varianceTmpTensorSize", int32), ("tmp_buf_size", "tmpBufSize", int32),
        ("one_tmp_size", "oneTmpSize", int32), ("first_tmp_start_pos", "firstTmpStartPos", int32),
        ("second_tmp_start_pos", "secondTmpStartPos", int32), ("third_tmp_start_pos", "thirdTmpStartPos", int32),
        ("loop_round", "loopRound", int32), ("input_round_size", "inputRoundSize", int32),
        ("input_tail_size", "inputTailSize", int32), ("input_tail_pos", "inputTailPos", int32),
        ("mean_var_round_size", "meanVarRoundSize", int32), ("mean_var_tail_size", "meanVarTailSize", int32),
        ("mean_var_tail_pos", "meanVarTailPos", int32), ("bsh_cur_length", "bshCurLength", int32),
        ("bs_cur_length", "bsCurLength", int32), ("last_dim_value_back", "lastDimValueBack", float32),
    )  # fmt: skip
    C_SIZE = 104
    """``sizeof(LayerNormTiling)``: 25 ``uint32_t`` and one ``float``."""


class DeepNormTiling(LibTiling):
    """``DeepNormTiling``: ``LayerNormTiling``'s 26 fields (the same names, order and meaning) for ``deepnorm``
    (``asc.lib.host.get_deep_norm_tiling_info`` fills it)."""

    CPP_NAME: ClassVar[str] = "DeepNormTiling"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = LayerNormTiling.FIELDS
    C_SIZE = 104
    """``sizeof(DeepNormTiling)``: 25 ``uint32_t`` and one ``float``."""


class LogSoftmaxTiling(LibTiling):
    """``LogSoftMaxTiling``: ``SoftMaxTiling``'s 16 ``uint32_t`` fields, for ``log_softmax``
    (``asc.lib.host.log_soft_max_tiling_func`` fills it). CANN's LogSoftMax recomputes its tiling on the device
    from the shape and the temporary buffer it is given, so the kernel reads none of it."""

    CPP_NAME: ClassVar[str] = "LogSoftMaxTiling"
    FIELDS: ClassVar[tuple[tuple[str, str, DataType], ...]] = SoftmaxTiling.FIELDS
    C_SIZE = 64
    """``sizeof(LogSoftMaxTiling)``: 16 ``uint32_t``."""


__all__ = [
    "DeepNormTiling",
    "LayerNormTiling",
    "LogSoftmaxTiling",
    "RmsNormTiling",
    "SoftmaxShapeInfo",
    "SoftmaxTiling",
]

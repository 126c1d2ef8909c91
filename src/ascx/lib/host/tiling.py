"""``MatmulApiTiling``, ``MultiCoreMatmulTiling``, ``BatchMatmulTiling``: the host Matmul tiling API.

The setters record the problem (types, shapes, cores, buffer limits, fixed splits); ``get_tiling``
runs the search of :mod:`ascx.lib.host.search` and fills an ``asc.adv.TCubeTiling``.  Method names
and parameters are pyasc's (``asc.lib.host``), which mirror CANN's ``matmul_tiling`` classes.

Errors: every setter and ``get_tiling`` return 0 on success and -1 on failure, as in CANN; on
failure ``last_error`` holds the explanation and, unless ``raise_on_error`` is False, a
:class:`TilingError` (a ``ValueError`` and an ``asc.AscxError``) is raised with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TypeVar

from ascx.language.adv.tiling import TILING_PY_FIELDS, TCubeTiling
from ascx.lib.host.enums import (
    CUBE_INPUT_BYTES,
    OUTPUT_BYTES,
    UB_POSITIONS,
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from ascx.lib.host.platform import BIAS_TABLE_SIZE, CoreMemType, PlatformAscendC, PlatformAscendCManager
from ascx.lib.host.search import (
    ACC_BYTES,
    C0_BYTES,
    FRACTAL,
    BaseBlock,
    Bounds,
    Buffers,
    CoreSplit,
    L1Plan,
    Operands,
    TilingError,
    choose_base,
    fail,
    plan_l1,
    split_cores,
)

E = TypeVar("E", bound=IntEnum)

_KERNEL_DTYPES: dict[str, DataType] = {
    "float16": DataType.DT_FLOAT16,
    "bfloat16": DataType.DT_BF16,
    "float32": DataType.DT_FLOAT,
    "int8": DataType.DT_INT8,
    "int16": DataType.DT_INT16,
    "int32": DataType.DT_INT32,
    "int64": DataType.DT_INT64,
    "uint8": DataType.DT_UINT8,
    "uint16": DataType.DT_UINT16,
    "uint32": DataType.DT_UINT32,
    "uint64": DataType.DT_UINT64,
    "float64": DataType.DT_DOUBLE,
}
"""Kernel-side dtypes (``asc.float16``, ...) accepted where a host ``DataType`` is expected."""


def _coerce(enum: type[E], value: object, what: str) -> E:
    """A host enum member from itself, its value, or a same-named member of another enum
    (``asc.TPosition.GM``); ``DataType`` also from a kernel dtype (``asc.float16``)."""
    if isinstance(value, enum):
        return value
    name = getattr(value, "name", None)
    if isinstance(value, Enum) and isinstance(name, str) and name in enum.__members__:
        return enum.__members__[name]
    if enum is DataType and isinstance(name, str) and name in _KERNEL_DTYPES:
        return enum(_KERNEL_DTYPES[name])
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return enum(value)
        except ValueError:
            pass
    raise TypeError(f"{what}: expected an asc.lib.host.{enum.__name__}, got {value!r}")


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what}: expected an int, got {value!r}")
    return value


def _bound(lo: int, hi: int, floor: int) -> Bounds:
    """A range from CANN-style arguments, where -1 (or any value <= 0) means 'not set'."""
    return Bounds(lo if lo > 0 else floor, hi if hi > 0 else None)


@dataclass
class _MatType:
    pos: TPosition = TPosition.GM
    fmt: CubeFormat = CubeFormat.ND
    dtype: DataType = DataType.DT_FLOAT
    trans: bool = False


class MatmulConfigParams:
    """The Matmul template the kernel uses, for the tiling: ``mm_config_type`` 0 Norm / 1 MDL, the
    L1-cached UB option, the schedule, the traverse order and vector ND2NZ."""

    def __init__(
        self,
        mm_config_type: int = 1,
        enable_l1_cache_ub: bool = False,
        schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
        traverse: MatrixTraverse = MatrixTraverse.NOSET,
        en_vec_nd2nz: bool = False,
    ) -> None:
        self.mm_config_type = mm_config_type
        self.enable_l1_cache_ub = enable_l1_cache_ub
        self.schedule_type = _coerce(ScheduleType, schedule_type, "MatmulConfigParams schedule_type")
        self.traverse = _coerce(MatrixTraverse, traverse, "MatmulConfigParams traverse")
        self.en_vec_nd2nz = en_vec_nd2nz

    def __repr__(self) -> str:
        return (
            f"MatmulConfigParams(mm_config_type={self.mm_config_type}, enable_l1_cache_ub={self.enable_l1_cache_ub}, "
            f"schedule_type={self.schedule_type.name}, traverse={self.traverse.name}, en_vec_nd2nz={self.en_vec_nd2nz})"
        )


@dataclass(frozen=True)
class TilingResult:
    """What the last successful ``get_tiling`` computed."""

    org: tuple[int, int, int, int]
    split: CoreSplit
    base: BaseBlock
    l1: L1Plan


class MatmulApiTilingBase:
    """The setters and ``get_tiling`` shared by the three tiling classes (single-core semantics)."""

    raise_on_error: bool = True
    """Raise :class:`TilingError` on failure (the default); False gives CANN's bare -1."""

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        self.platform = platform if platform is not None else PlatformAscendCManager.get_instance()
        self.last_error: str | None = None
        """Why the last failing call failed; None after a success."""
        self.result: TilingResult | None = None
        self._a, self._b, self._c, self._bias = _MatType(), _MatType(), _MatType(), _MatType()
        self._org: tuple[int, int, int, int] | None = None
        self._shape: tuple[int, int, int] | None = None
        self._is_bias = False
        self._fixed: list[int | None] = [None, None, None]
        self._split_range: tuple[int, ...] = (-1, -1, -1, -1, -1, -1)
        self._db = {"a": True, "b": True, "c": True, "bias": True}
        self._traverse = MatrixTraverse.NOSET
        self._buffer_space: dict[str, int] = {}
        self._layout = {"a": (0, 0, 0, 0, 0), "b": (0, 0, 0, 0, 0), "c": (0, 0, 0, 0, 0)}
        self._batch_num = 0
        self.config_params = MatmulConfigParams()
        self.dequant_type = DequantType.SCALAR
        self.mad_type = MatrixMadType.NORMAL
        self.is_sparse = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.platform.get_soc_version()})"

    # --- failure reporting -------------------------------------------------------------------------

    def _fail(self, error: TilingError) -> int:
        self.last_error = error.message
        if self.raise_on_error:
            raise error
        return -1

    def _ok(self) -> int:
        self.last_error = None
        return 0

    # --- types --------------------------------------------------------------------------------------

    def _mat_type(self, role: str, pos: object, type: object, data_type: object, is_trans: bool = False) -> _MatType:
        api = f"set_{role}_type"
        return _MatType(
            _coerce(TPosition, pos, f"{api} pos"),
            _coerce(CubeFormat, type, f"{api} type"),
            _coerce(DataType, data_type, f"{api} data_type"),
            bool(is_trans),
        )

    def set_a_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:
        """A's position, format, element type and whether it is stored transposed (``[K, M]``)."""
        self._a = self._mat_type("a", pos, type, data_type, is_trans)
        return self._ok()

    def set_b_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:
        """B's position, format, element type and whether it is stored transposed (``[N, K]``)."""
        self._b = self._mat_type("b", pos, type, data_type, is_trans)
        return self._ok()

    def set_c_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:
        """C's position, format and element type."""
        self._c = self._mat_type("c", pos, type, data_type)
        return self._ok()

    def set_bias_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:
        """The bias's position, format and element type."""
        self._bias = self._mat_type("bias", pos, type, data_type)
        return self._ok()

    def set_dequant_type(self, dequant_type: DequantType) -> int:
        self.dequant_type = _coerce(DequantType, dequant_type, "set_dequant_type")
        return self._ok()

    def set_mad_type(self, mad_type: MatrixMadType) -> int:
        self.mad_type = _coerce(MatrixMadType, mad_type, "set_mad_type")
        return self._ok()

    def set_sparse(self, is_sparse_in: bool = False) -> int:
        self.is_sparse = bool(is_sparse_in)
        return self._ok()

    # --- shapes ---------------------------------------------------------------------------------

    def set_org_shape(
        self,
        org_m_in: int,
        org_n_in: int,
        org_ka_in: int | None = None,
        org_kb_in: int | None = None,
        *,
        org_k_in: int | None = None,
    ) -> int:
        """The whole matrices: A is ``M x Ka``, B is ``Kb x N`` (``set_org_shape(m, n, k)``: Ka = Kb = k)."""
        if (org_ka_in is None) == (org_k_in is None):
            raise TypeError(
                "set_org_shape takes (org_m_in, org_n_in, org_k_in) or (org_m_in, org_n_in, org_ka_in, org_kb_in)"
            )
        ka = _int(org_ka_in if org_ka_in is not None else org_k_in, "set_org_shape K")
        kb = ka if org_kb_in is None else _int(org_kb_in, "set_org_shape org_kb_in")
        self._org = (_int(org_m_in, "set_org_shape org_m_in"), _int(org_n_in, "set_org_shape org_n_in"), ka, kb)
        return self._ok()

    def set_shape(self, m: int, n: int, k: int) -> int:
        """The product computed: ``C[m, n] = A[m, k] @ B[k, n]`` inside the original matrices (the
        whole problem for ``MultiCoreMatmulTiling``, one core's for the others)."""
        self._shape = (_int(m, "set_shape m"), _int(n, "set_shape n"), _int(k, "set_shape k"))
        return self._ok()

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        self._layout["a"] = (b, s, n, g, d)
        return self._ok()

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        self._layout["b"] = (b, s, n, g, d)
        return self._ok()

    def set_c_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        self._layout["c"] = (b, s, n, g, d)
        return self._ok()

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        """NORMAL batch layout: ``batch_a`` A matrices ``[m, k]`` and ``batch_b`` B matrices ``[k, n]``."""
        self._layout["a"] = (batch_a, m, 1, 1, k)
        self._layout["b"] = (batch_b, n, 1, 1, k)
        self._layout["c"] = (max(batch_a, batch_b), m, 1, 1, n)
        return self._ok()

    def set_batch_num(self, batch: int) -> int:
        self._batch_num = _int(batch, "set_batch_num")
        return self._ok()

    # --- options -------------------------------------------------------------------------------

    def enable_bias(self, is_bias_in: bool = False) -> int:
        """Whether a bias row is added (the kernel's ``set_bias`` needs ``is_bias`` set)."""
        self._is_bias = bool(is_bias_in)
        return self._ok()

    def set_bias(self, is_bias_in: bool = False) -> int:
        """CANN's older name of :meth:`enable_bias`."""
        return self.enable_bias(is_bias_in)

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        """``FIRSTM``: result blocks along M first (``iterate_order`` 0); ``FIRSTN``: along N first (1)."""
        self._traverse = _coerce(MatrixTraverse, traverse, "set_traverse")
        return self._ok()

    def set_double_buffer(
        self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True, trans_nz2nd: bool = True
    ) -> int:
        """Double buffering of A and B in L1/L0A/L0B and of C in L0C (all on by default)."""
        self._db = {"a": bool(a), "b": bool(b), "c": bool(c), "bias": bool(bias)}
        del trans_nd2nz, trans_nz2nd
        return self._ok()

    def set_matmul_config_params(
        self,
        mm_config_type: int | MatmulConfigParams = 1,
        enable_l1_cache_ub: bool = False,
        schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
        traverse: MatrixTraverse = MatrixTraverse.NOSET,
        en_vec_nd2nz: bool = False,
        *,
        config_params: MatmulConfigParams | None = None,
    ) -> None:
        """The kernel's Matmul template: a ``MatmulConfigParams`` (positionally or as
        ``config_params``) or its five fields.  Its traverse replaces ``set_traverse``'s."""
        if config_params is None and isinstance(mm_config_type, MatmulConfigParams):
            config_params = mm_config_type
        if config_params is None:
            config_params = MatmulConfigParams(
                _int(mm_config_type, "set_matmul_config_params mm_config_type"),
                enable_l1_cache_ub,
                schedule_type,
                traverse,
                en_vec_nd2nz,
            )
        self.config_params = config_params
        self._traverse = config_params.traverse

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1, bt_size: int = -1) -> int:
        """Limit the L1, L0C, UB and bias-table bytes the tiling may use (-1: the whole memory).
        Sizes are rounded down to 32 bytes; a size above the memory's fails, as in CANN."""
        limits = {
            "l1_size": self.platform.get_core_mem_size(CoreMemType.L1),
            "l0_c_size": self.platform.get_core_mem_size(CoreMemType.L0_C),
            "ub_size": self.platform.get_core_mem_size(CoreMemType.UB),
            "bt_size": BIAS_TABLE_SIZE,
        }
        given = {"l1_size": l1_size, "l0_c_size": l0_c_size, "ub_size": ub_size, "bt_size": bt_size}
        for name, size in given.items():
            size = _int(size, f"set_buffer_space {name}")
            if size < -1 or size > limits[name]:
                return self._fail(fail(f"set_buffer_space: {name}={size} is outside [-1, {limits[name]}]"))
        for name, size in given.items():
            if size == -1:
                self._buffer_space.pop(name, None)
            else:
                self._buffer_space[name] = size if name == "bt_size" else size - size % C0_BYTES
        return self._ok()

    def set_fix_split(self, base_m_in: int = -1, base_n_in: int = -1, base_k_in: int = -1) -> int:
        """Fix base_m / base_n (multiples of 16) and base_k (a multiple of 32 bytes of A's type); -1
        leaves one to the search."""
        values = [_int(v, "set_fix_split") for v in (base_m_in, base_n_in, base_k_in)]
        problem = self._fixed_split_problem(values)
        if problem is not None:
            return self._fail(fail(f"set_fix_split: {problem}"))
        for axis, value in enumerate(values):
            if value != -1:
                self._fixed[axis] = value
        return self._ok()

    def _fixed_split_problem(self, values: Sequence[int | None]) -> str | None:
        """Why fixed base values are misaligned: base_m / base_n in 16s, base_k in 32 bytes of the
        narrower of A and B (of the types set so far)."""
        narrow = min((self._a.dtype, self._b.dtype), key=lambda t: CUBE_INPUT_BYTES.get(t, 4))
        k0 = C0_BYTES // CUBE_INPUT_BYTES.get(narrow, 4)
        for name, value, align in zip(("base_m", "base_n", "base_k"), values, (FRACTAL, FRACTAL, k0), strict=True):
            if value is not None and value != -1 and (value <= 0 or value % align):
                unit = f" (32 bytes of {narrow.name})" if name == "base_k" else ""
                return f"{name} must be -1 or a positive multiple of {align}{unit}, got {value}"
        return None

    def set_split_range(
        self,
        max_base_m: int = -1,
        max_base_n: int = -1,
        max_base_k: int = -1,
        min_base_m: int = -1,
        min_base_n: int = -1,
        min_base_k: int = -1,
    ) -> int:
        """Bounds on the base block the search may choose (-1: unbounded)."""
        values = (max_base_m, max_base_n, max_base_k, min_base_m, min_base_n, min_base_k)
        self._split_range = tuple(_int(v, "set_split_range") for v in values)
        return self._ok()

    # --- results ----------------------------------------------------------------------------------

    def get_base_m(self) -> int:
        """base_m of the last successful ``get_tiling`` (before it: the fixed value, or -1)."""
        return self.result.base.m if self.result is not None else self._fixed[0] or -1

    def get_base_n(self) -> int:
        return self.result.base.n if self.result is not None else self._fixed[1] or -1

    def get_base_k(self) -> int:
        return self.result.base.k if self.result is not None else self._fixed[2] or -1

    def get_tiling(self, tiling: object) -> int:
        """Compute the tiling and write all 50 fields of ``tiling``; 0 on success, else -1 (see the
        module docstring for how failures are reported)."""
        if not isinstance(tiling, TCubeTiling):
            raise TypeError(f"get_tiling fills an asc.adv.TCubeTiling, got {tiling!r}")
        if tiling.is_bound:
            raise TypeError("get_tiling fills a host TCubeTiling; this one was created inside a kernel")
        try:
            result = self._compute()
        except TilingError as error:
            self.result = None
            return self._fail(error)
        for name, value in self._fields(result).items():
            setattr(tiling, name, value)
        self.result = result
        return self._ok()

    # --- the computation ---------------------------------------------------------------------------

    def _compute(self) -> TilingResult:
        org, shape = self._shapes()
        ops = self._operands()
        self._check_nz(org)
        buffers = self._buffers()
        split = self._split(shape)
        single = (split.single_m, split.single_n, split.single_k)
        lo = ops.k0
        bounds = (
            _bound(self._split_range[3], self._split_range[0], FRACTAL),
            _bound(self._split_range[4], self._split_range[1], FRACTAL),
            _bound(self._split_range[5], self._split_range[2], lo),
        )
        fixed = (self._fixed[0], self._fixed[1], self._fixed[2])
        problem = self._fixed_split_problem(fixed)
        if problem is not None:
            raise fail(f"set_fix_split: {problem}")
        base = choose_base(single, ops, buffers, fixed, bounds)
        return TilingResult(org, split, base, plan_l1(single, base, ops, buffers))

    def _split(self, shape: tuple[int, int, int]) -> CoreSplit:
        """One core computes the whole shape."""
        return CoreSplit(shape[0], shape[1], shape[2], 1, 1)

    def _shapes(self) -> tuple[tuple[int, int, int, int], tuple[int, int, int]]:
        """(original M, N, Ka, Kb) and the computed (M, N, K), checked."""
        org, shape = self._org, self._shape
        if org is None and shape is None:
            raise fail("no shape: call set_org_shape(m, n, k) or set_shape(m, n, k) before get_tiling")
        if org is not None and min(org) <= 0:
            raise fail(f"set_org_shape{org}: M, N, Ka and Kb must be positive")
        if shape is not None and min(shape) <= 0:
            raise fail(f"set_shape{shape}: M, N and K must be positive")
        if org is None:
            assert shape is not None
            return (shape[0], shape[1], shape[2], shape[2]), shape
        if shape is None:
            if org[2] != org[3]:
                raise fail(
                    f"K mismatch: set_org_shape gave Ka={org[2]} and Kb={org[3]}, and no set_shape(m, n, k) "
                    "says which K to multiply"
                )
            return org, (org[0], org[1], org[2])
        for name, value, limit, limit_name in (
            ("M", shape[0], org[0], "M"),
            ("N", shape[1], org[1], "N"),
            ("K", shape[2], org[2], "Ka"),
            ("K", shape[2], org[3], "Kb"),
        ):
            if value > limit:
                raise fail(f"set_shape{shape} exceeds set_org_shape{org}: {name}={value} > {limit_name}={limit}")
        return org, shape

    def _operands(self) -> Operands:
        for role, mat in (("a", self._a), ("b", self._b)):
            if mat.dtype not in CUBE_INPUT_BYTES:
                names = ", ".join(t.name for t in CUBE_INPUT_BYTES)
                raise fail(f"set_{role}_type: {mat.dtype.name} is not a cube input type ({names})")
        for role, mat in (("c", self._c), ("bias", self._bias)):
            if (role == "c" or self._is_bias) and mat.dtype not in OUTPUT_BYTES:
                names = ", ".join(t.name for t in OUTPUT_BYTES)
                raise fail(f"set_{role}_type: {mat.dtype.name} is not supported ({names})")
        return Operands(
            a_bytes=CUBE_INPUT_BYTES[self._a.dtype],
            b_bytes=CUBE_INPUT_BYTES[self._b.dtype],
            c_bytes=OUTPUT_BYTES[self._c.dtype],
            bias_bytes=OUTPUT_BYTES[self._bias.dtype] if self._is_bias else 0,
            a_in_l1=self._a.pos != TPosition.TSCM,
            b_in_l1=self._b.pos != TPosition.TSCM,
            bias_in_l1=self._bias.pos != TPosition.TSCM,
            c_in_ub=self._c.pos in UB_POSITIONS,
            db_a=self._db["a"],
            db_b=self._db["b"],
            db_c=self._db["c"],
        )

    def _check_nz(self, org: tuple[int, int, int, int]) -> None:
        """NZ inputs are stored in fractals: M/N in 16s, K in 32 bytes (CANN's TCubeTiling rules)."""
        for role, mat, outer, outer_name, k, k_name in (
            ("A", self._a, org[0], "M", org[2], "Ka"),
            ("B", self._b, org[1], "N", org[3], "Kb"),
        ):
            if mat.fmt != CubeFormat.NZ:
                continue
            c0 = C0_BYTES // CUBE_INPUT_BYTES[mat.dtype]
            if outer % FRACTAL or k % c0:
                raise fail(
                    f"{role} is NZ: {outer_name} ({outer}) must be a multiple of {FRACTAL} and {k_name} ({k}) "
                    f"a multiple of {c0}"
                )

    def _buffers(self) -> Buffers:
        space, platform = self._buffer_space, self.platform
        return Buffers(
            l1=space.get("l1_size", platform.get_core_mem_size(CoreMemType.L1)),
            l0a=platform.get_core_mem_size(CoreMemType.L0_A),
            l0b=platform.get_core_mem_size(CoreMemType.L0_B),
            l0c=space.get("l0_c_size", platform.get_core_mem_size(CoreMemType.L0_C)),
            ub=space.get("ub_size", platform.get_core_mem_size(CoreMemType.UB)),
            bt=space.get("bt_size", BIAS_TABLE_SIZE),
        )

    def _batch_fields(self) -> dict[str, int]:
        return {"batch_m": 1, "batch_n": 1, "single_batch_m": 1, "single_batch_n": 1}

    def _fields(self, result: TilingResult) -> dict[str, int]:
        split, base, l1 = result.split, result.base, result.l1
        fields = dict.fromkeys(TILING_PY_FIELDS, 0)
        fields.update(
            used_core_num=split.used, m=result.org[0], n=result.org[1], k_a=result.org[2], k_b=result.org[3],
            single_core_m=split.single_m, single_core_n=split.single_n, single_core_k=split.single_k,
            base_m=base.m, base_n=base.n, base_k=base.k, depth_a1=l1.depth_a1, depth_b1=l1.depth_b1,
            step_m=l1.step_m, step_n=l1.step_n, step_k_a=l1.step_ka, step_k_b=l1.step_kb,
            is_bias=int(self._is_bias), iterate_order=int(self._traverse == MatrixTraverse.FIRSTN),
            share_l1_size=l1.size, share_l0c_size=base.m * base.n * ACC_BYTES * base.db_l0c,
            db_l0a=base.db_l0a, db_l0b=base.db_l0b, db_l0c=base.db_l0c, batch_num=self._batch_num,
        )  # fmt: skip
        fields.update(self._batch_fields())
        for role, names in (("a", "bsngd"), ("b", "bsngd")):
            fields.update({f"{role}_layout_info_{x}": v for x, v in zip(names, self._layout[role], strict=True)})
        c_names = ("c_layout_info_b", "c_layout_info_s1", "c_layout_info_n", "c_layout_info_g", "c_layout_info_s2")
        fields.update(dict(zip(c_names, self._layout["c"], strict=True)))
        return fields


class MatmulApiTiling(MatmulApiTilingBase):
    """Single-core tiling: ``set_shape`` is the shape one core computes (``used_core_num`` 1)."""


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """Multi-core tiling: ``set_shape`` is the whole problem, split over at most ``set_dim`` cores."""

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        super().__init__(platform)
        self._dim = 1
        self._single: list[int | None] = [None, None, None]
        self._single_range: tuple[int, ...] = (-1, -1, -1, -1, -1, -1)
        self._align = [FRACTAL, FRACTAL, 1]
        self.split_k = False

    def set_dim(self, dim: int) -> int:
        """The cores the split may use: vector cores for a MIX kernel (two per block), cube cores for
        a cube-only kernel; at most the platform's ``get_core_num()``."""
        self._dim = _int(dim, "set_dim")
        return self._ok()

    def set_single_shape(self, single_m_in: int = -1, single_n_in: int = -1, single_k_in: int = -1) -> int:
        """Fix the single-core shape (values <= 0 leave an axis to the search)."""
        for axis, value in enumerate((single_m_in, single_n_in, single_k_in)):
            if _int(value, "set_single_shape") > 0:
                self._single[axis] = value
        return self._ok()

    def set_single_range(
        self, max_m: int = -1, max_n: int = -1, max_k: int = -1, min_m: int = -1, min_n: int = -1, min_k: int = -1
    ) -> int:
        """Bounds on the single-core shape the split may choose (-1: unbounded)."""
        values = (max_m, max_n, max_k, min_m, min_n, min_k)
        self._single_range = tuple(_int(v, "set_single_range") for v in values)
        return self._ok()

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        """Make single-core M / N multiples of ``align_m`` / ``align_n`` (values <= 0: keep 16).
        ``align_k`` is recorded; K is not split."""
        for axis, value in enumerate((align_m, align_n, align_k)):
            if _int(value, "set_align_split") > 0:
                self._align[axis] = value
        return self._ok()

    def enable_multi_core_split_k(self, flag: bool) -> None:
        """Recorded; the split never divides K (CANN allows not to), so the kernel needs no atomics."""
        self.split_k = bool(flag)

    def get_core_num(self) -> tuple[int, int, int] | None:
        """``(used cores, cores along M, cores along N)`` after a successful ``get_tiling``, else None."""
        if self.result is None:
            return None
        split = self.result.split
        return split.used, split.m_dim, split.n_dim

    def get_single_shape(self) -> tuple[int, int, int] | None:
        """``(single_core_m, single_core_n, single_core_k)`` after a successful ``get_tiling``, else None."""
        if self.result is None:
            return None
        split = self.result.split
        return split.single_m, split.single_n, split.single_k

    def _split(self, shape: tuple[int, int, int]) -> CoreSplit:
        cores = self.platform.get_core_num()
        if not 1 <= self._dim <= cores:
            raise fail(
                f"set_dim({self._dim}): the core count must be between 1 and {cores} "
                f"(the vector cores of {self.platform.get_soc_version()})"
            )
        for axis, name in enumerate("MNK"):
            value = self._single[axis]
            if value is not None and value > shape[axis]:
                raise fail(f"set_single_shape: single-core {name}={value} exceeds {name}={shape[axis]}")
        ranges = self._single_range
        bounds = tuple(_bound(ranges[axis + 3], ranges[axis], 1) for axis in range(3))
        for bound, name in zip(bounds, "MNK", strict=True):
            if bound.hi is not None and bound.lo > bound.hi:
                raise fail(f"set_single_range: the minimum single-core {name} exceeds the maximum {bound}")
        return split_cores(
            shape, self._dim, (self._single[0], self._single[1], self._single[2]),
            (self._align[0], self._align[1]), (bounds[0], bounds[1], bounds[2]),
        )  # fmt: skip


class BatchMatmulTiling(MatmulApiTilingBase):
    """Batched single-core tiling: the base block of one ``set_shape`` product; ``batch_m`` /
    ``batch_n`` from ``set_batch_info_for_normal``, all batches on one core."""

    def _batch_counts(self) -> tuple[int, int]:
        return max(1, self._layout["a"][0]), max(1, self._layout["b"][0])

    def _batch_fields(self) -> dict[str, int]:
        batch_m, batch_n = self._batch_counts()
        return {"batch_m": batch_m, "batch_n": batch_n, "single_batch_m": batch_m, "single_batch_n": batch_n}

    def get_core_num(self) -> tuple[int, int, int, int, int] | None:
        """``(used cores, cores along M, along N, along the batches of A, of B)`` after a successful
        ``get_tiling``, else None."""
        if self.result is None:
            return None
        split = self.result.split
        return split.used, split.m_dim, split.n_dim, 1, 1

"""C++ identifiers for SSA values: readable (taken from name hints), unique within a function."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import SSAValue

from ascx.target.c_global_names import C_GLOBAL_NAMES

CPP_KEYWORDS = frozenset(
    """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t
    class compl const constexpr const_cast continue decltype default delete do double dynamic_cast
    else enum explicit export extern false float for friend goto if inline int long mutable namespace
    new noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast return short signed sizeof static static_assert static_cast struct switch
    template this thread_local throw true try typedef typeid typename union unsigned using virtual
    void volatile wchar_t while xor xor_eq""".split()
)
ASCENDC_RESERVED = frozenset(
    """AscendC half bfloat16_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t
    TCubeTiling MatmulConfig MatmulApiStaticTiling CubeFormat LayoutMode BatchMode IterateOrder ScheduleType
    BatchOutMode GM_ADDR REGIST_MATMUL_OBJ g_coreType set_ffts_base_addr ffts_cross_core_sync
    PIPE_S PIPE_V PIPE_M PIPE_MTE1 PIPE_MTE2 PIPE_MTE3 PIPE_ALL PIPE_MTE4 PIPE_MTE5 PIPE_V2 PIPE_FIX
    ASCENDC_CUBE_ONLY server __kfcClient__ ASCubeObjConfig asEnableMixDualMaster SoftMaxTiling RmsNormTiling
    LayerNormTiling DeepNormTiling""".split()
)
"""Names the emitted code or the Ascend C headers use at kernel scope."""
GLOBAL_NAMES = frozenset({"matmul"}) | C_GLOBAL_NAMES
"""Names the Ascend C headers declare at global scope that a local variable may shadow but a kernel
function cannot take: ``namespace matmul = AscendC;`` of ``lib/matmul_intf.h``, and the C library and
header globals of their CPU-debug path (``ascx.target.c_global_names``)."""
KERNEL_SUFFIX = "_kernel"


_TAKEN = CPP_KEYWORDS | ASCENDC_RESERVED | GLOBAL_NAMES
"""The names a kernel function cannot take (made once: every launch looks its kernel's symbol up)."""


def kernel_symbol(name: str) -> str:
    """The C++ symbol of the kernel function named ``name``: the name itself, unless C++ or the Ascend C
    headers already use it (a keyword, a name the emitted code or the headers use, such as ``matmul``,
    ``sync`` or ``exp``); then ``<name>_kernel`` (``matmul`` -> ``matmul_kernel``), or, should that be
    taken too, ``<name>_kernel_1``, ``<name>_kernel_2``, ..."""
    taken = _TAKEN
    if name not in taken:
        return name
    symbol, k = f"{name}{KERNEL_SUFFIX}", 0
    while symbol in taken:
        k += 1
        symbol = f"{name}{KERNEL_SUFFIX}_{k}"
    return symbol


@dataclass
class Names:
    """SSA value -> C++ identifier, unique within one function."""

    taken: set[str] = field(default_factory=lambda: set(CPP_KEYWORDS | ASCENDC_RESERVED))
    of: dict[SSAValue, str] = field(default_factory=dict[SSAValue, str])

    def fresh(self, base: str) -> str:
        """A new identifier: ``base`` if free, else ``base_1``, ``base_2``, ..."""
        name, k = base, 0
        while name in self.taken:
            k += 1
            name = f"{base}_{k}"
        self.taken.add(name)
        return name

    def get(self, value: SSAValue) -> str:
        """The identifier of ``value``, allocated on first use from its name hint."""
        if (name := self.of.get(value)) is not None:
            return name
        name = self.fresh(value.name_hint or "v")
        self.of[value] = name
        return name

    def alias(self, value: SSAValue, same_as: SSAValue) -> None:
        """Make ``value`` share the identifier of ``same_as`` (region arguments and results)."""
        self.of[value] = self.get(same_as)

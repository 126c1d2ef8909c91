"""Types of the ``ascendc`` dialect: addresses and the Ascend C objects a kernel declares."""

from __future__ import annotations

from typing import cast

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerType,
    Signedness,
    SignednessAttr,
    StringAttr,
)
from xdsl.ir import (
    Attribute,
    ParametrizedAttribute,
    TypeAttribute,
)
from xdsl.irdl import (
    base,
    irdl_attr_definition,
    param_def,
)

ElementType = base(Float16Type) | base(Float32Type) | base(BFloat16Type) | base(IntegerType)
"""The scalar element types a tensor or address may have."""

UI64 = IntegerType(64, Signedness.UNSIGNED)


def integer_type(t: Attribute) -> IntegerType[int, Signedness] | None:
    """``t`` as an integer type, or None."""
    return cast("IntegerType[int, Signedness]", t) if isinstance(t, IntegerType) else None


def float_type(t: Attribute) -> AnyFloat | None:
    """``t`` as a float type, or None."""
    return t if isinstance(t, AnyFloat) else None


def is_unsigned(t: Attribute) -> bool:
    """Whether ``t`` is an unsigned integer type (``ui8`` ... ``ui64``)."""
    match t:
        case IntegerType(signedness=SignednessAttr(data=Signedness.UNSIGNED)):
            return True
        case _:
            return False


@irdl_attr_definition
class GMAddrType(ParametrizedAttribute, TypeAttribute):
    """A global-memory address of elements (``__gm__ T*``), e.g. ``!ascendc.gm_addr<f16>``."""

    name = "ascendc.gm_addr"
    element_type: Attribute = param_def(ElementType)

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)


@irdl_attr_definition
class GlobalTensorType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::GlobalTensor<T>`` object, e.g. ``!ascendc.global_tensor<f16>``."""

    name = "ascendc.global_tensor"
    element_type: Attribute = param_def(ElementType)

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)


@irdl_attr_definition
class LocalTensorType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::LocalTensor<T>`` object (on-chip memory), e.g. ``!ascendc.local_tensor<f16>``."""

    name = "ascendc.local_tensor"
    element_type: Attribute = param_def(ElementType)

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)


TensorType = base(GlobalTensorType) | base(LocalTensorType)
"""A ``GlobalTensor`` or a ``LocalTensor``."""


def tensor_element_type(t: Attribute) -> Attribute:
    """The element type of a tensor type."""
    assert isinstance(t, GlobalTensorType | LocalTensorType), t
    return t.element_type


@irdl_attr_definition
class PipeType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::TPipe`` object."""

    name = "ascendc.pipe"


@irdl_attr_definition
class CubeTilingType(ParametrizedAttribute, TypeAttribute):
    """A kernel-local ``TCubeTiling`` struct."""

    name = "ascendc.cube_tiling"


@irdl_attr_definition
class LibTilingType(ParametrizedAttribute, TypeAttribute):
    """A kernel-local tiling struct of a library API other than Matmul, named by its C++ struct:
    ``!ascendc.lib_tiling<"SoftMaxTiling">``, ``!ascendc.lib_tiling<"RmsNormTiling">``,
    ``!ascendc.lib_tiling<"LayerNormTiling">``, ``!ascendc.lib_tiling<"DeepNormTiling">``."""

    name = "ascendc.lib_tiling"
    struct_name: StringAttr = param_def(base(StringAttr))

    def __init__(self, struct_name: str | StringAttr):
        super().__init__(StringAttr(struct_name) if isinstance(struct_name, str) else struct_name)

    @property
    def cpp_name(self) -> str:
        return self.struct_name.data


@irdl_attr_definition
class GMStructAddrType(ParametrizedAttribute, TypeAttribute):
    """A global-memory address of a struct (``__gm__ TCubeTiling*``): how a struct kernel parameter arrives.

    Example: ``!ascendc.gm_struct_addr<!ascendc.cube_tiling>``
    """

    name = "ascendc.gm_struct_addr"
    struct_type: Attribute = param_def(base(CubeTilingType) | base(LibTilingType))

    def __init__(self, struct_type: Attribute):
        super().__init__(struct_type)


@irdl_attr_definition
class MatrixOffsetType(ParametrizedAttribute, TypeAttribute):
    """A ``MatrixOffset`` struct (five ``int32_t``), returned by ``GetOffsetC``."""

    name = "ascendc.matrix_offset"


@irdl_attr_definition
class StaticTilingType(ParametrizedAttribute, TypeAttribute):
    """A ``constexpr static MatmulApiStaticTiling`` constant, from ``GetMatmulApiTiling``."""

    name = "ascendc.static_tiling"


@irdl_attr_definition
class MatmulObjType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::Matmul<...>`` object; ``ascendc.matmul.create`` describes it."""

    name = "ascendc.matmul"


__all__ = [
    "UI64",
    "CubeTilingType",
    "ElementType",
    "GMAddrType",
    "GMStructAddrType",
    "GlobalTensorType",
    "LibTilingType",
    "LocalTensorType",
    "MatmulObjType",
    "MatrixOffsetType",
    "PipeType",
    "StaticTilingType",
    "TensorType",
    "float_type",
    "integer_type",
    "is_unsigned",
    "tensor_element_type",
]

"""Matmul high-level API ops: object declaration, registration and methods."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    IntegerType,
    UnitAttr,
)
from xdsl.ir import (
    Attribute,
    SSAValue,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import (
    LayoutMode,
    MatmulPolicy,
    MatmulPolicyAttr,
    Pipe,
    TPosition,
)
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1, SIGNLESS_I8, SIGNLESS_I32
from ascx.dialects.ascendc.matmul_attrs import MatmulConfigAttr, MatmulTypeAttr
from ascx.dialects.ascendc.matmul_config_fields import (
    DEFAULT_CONFIG,
)
from ascx.dialects.ascendc.matmul_modes import (
    NotInMixDualMaster,
    NotWithIBShareAB,
    verify_declaration,
    verify_registration,
)
from ascx.dialects.ascendc.traits import (
    ExecutesOn,
    MatmulAccess,
    MatmulAsyncStart,
    MatmulAsyncWait,
    MatmulMethod,
    MatmulRole,
)
from ascx.dialects.ascendc.types import (
    CubeTilingType,
    GlobalTensorType,
    GMAddrType,
    LocalTensorType,
    MatmulObjType,
    PipeType,
    StaticTilingType,
    TensorType,
    tensor_element_type,
)


@op_definition
class MatmulCreateOp(IRDLOperation):
    """Declares an ``AscendC::Matmul<A, B, C, Bias, CFG[, CB, Policy]>`` object.

    A missing ``config`` is pyasc's ``MatmulConfig()``; a missing ``policy`` is ``MatmulPolicy``.

    Example:
    ``%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>``
    """

    name = "ascendc.matmul.create"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    a_type = prop_def(MatmulTypeAttr, prop_name="a")
    b_type = prop_def(MatmulTypeAttr, prop_name="b")
    c_type = prop_def(MatmulTypeAttr, prop_name="c")
    bias_type = prop_def(MatmulTypeAttr, prop_name="bias")
    config = opt_prop_def(MatmulConfigAttr)
    policy = opt_prop_def(MatmulPolicyAttr)
    static_tiling = opt_operand_def(StaticTilingType)
    result = result_def(MatmulObjType)
    assembly_format = (
        "`a` $a `b` $b `c` $c `bias` $bias (`config` $config^)? (`static_tiling` $static_tiling^)? "
        "(`policy` $policy^)? attr-dict"
    )

    def __init__(
        self,
        a: MatmulTypeAttr,
        b: MatmulTypeAttr,
        c: MatmulTypeAttr,
        bias: MatmulTypeAttr,
        config: MatmulConfigAttr | None = None,
        policy: MatmulPolicy | None = None,
        static_tiling: SSAValue | None = None,
    ):
        properties: dict[str, Attribute | None] = {"a": a, "b": b, "c": c, "bias": bias, "config": config}
        if policy is not None and policy is not MatmulPolicy.MatmulPolicy:
            properties["policy"] = MatmulPolicyAttr(policy)
        super().__init__(operands=[static_tiling], properties=properties, result_types=[MatmulObjType()])

    @property
    def effective_config(self) -> MatmulConfigAttr:
        """The config in force: the static tiling's, the ``config`` property, or pyasc's ``MatmulConfig()``."""
        if self.static_tiling is not None:
            owner = self.static_tiling.owner
            config = getattr(owner, "config", None)
            if isinstance(config, MatmulConfigAttr):
                return config
        return self.config if self.config is not None else MatmulConfigAttr(DEFAULT_CONFIG)

    def verify_(self) -> None:
        if self.config is not None and self.config.data == DEFAULT_CONFIG:
            raise VerifyException("the default MatmulConfig is written by omitting 'config'")
        if self.config is not None and self.static_tiling is not None:
            raise VerifyException("a Matmul with a static tiling takes its config from the tiling")
        if self.bias_type.is_trans.data or self.bias_type.layout.data != LayoutMode.NONE:
            raise VerifyException("the bias MatmulType has no transpose flag and no layout")
        verify_declaration(self)


def verify_tensor_role(tensor: SSAValue, declared: MatmulTypeAttr, role: str) -> None:
    """A tensor handed to a Matmul has the declared element type and a kind that fits the position:
    a GlobalTensor for GM, a LocalTensor otherwise."""
    element = tensor_element_type(tensor.type)
    if element != declared.element_type:
        raise VerifyException(
            f"tensor element type {element} does not match the {role} MatmulType element type {declared.element_type}"
        )
    is_global = isinstance(tensor.type, GlobalTensorType)
    if is_global != (declared.position.data == TPosition.GM):
        kind = "GlobalTensor" if is_global else "LocalTensor"
        raise VerifyException(f"a {kind} does not match the {role} MatmulType position {declared.position.data.ir}")


def used_before_register_message(obj: str) -> str:
    """What ``ascx-matmul-register`` reports for a method called on a Matmul object before its
    ``RegisterMatmulOp`` (the API's record quotes it too)."""
    return f"Matmul {obj} is used before register_matmul"


def matmul_declaration(value: SSAValue) -> MatmulCreateOp:
    """The ``ascendc.matmul.create`` op that declares the Matmul object ``value``."""
    owner = value.owner
    if not isinstance(owner, MatmulCreateOp):
        raise VerifyException("a Matmul object must be the result of 'ascendc.matmul.create'")
    return owner


@op_definition
class RegisterMatmulOp(IRDLOperation):
    """``REGIST_MATMUL_OBJ(&pipe, workspace, mm0[, &tiling0], ...)``: registers Matmul objects.

    Either no object has a tiling (only allowed with one object) or every object has one.

    Example: ``ascendc.register_matmul %pipe, %workspace objects(%mm) : !ascendc.gm_addr<f16>``
    """

    name = "ascendc.register_matmul"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    pipe = operand_def(PipeType)
    workspace = operand_def(GMAddrType)
    objects = var_operand_def(MatmulObjType)
    tilings = var_operand_def(CubeTilingType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$pipe `,` $workspace `objects` `(` $objects `)` (`tilings` `(` $tilings^ `)`)? attr-dict `:` type($workspace)"
    )

    def __init__(
        self,
        pipe: SSAValue,
        workspace: SSAValue,
        objects: Sequence[SSAValue],
        tilings: Sequence[SSAValue] = (),
    ):
        super().__init__(operands=[pipe, workspace, objects, tilings])

    def verify_(self) -> None:
        if not self.objects:
            raise VerifyException("register_matmul needs at least one Matmul object")
        verify_registration([matmul_declaration(obj) for obj in self.objects])
        if self.tilings and len(self.tilings) != len(self.objects):
            raise VerifyException(
                f"{len(self.objects)} Matmul objects but {len(self.tilings)} tilings: pass one tiling per object"
            )
        if not self.tilings and len(self.objects) > 1:
            raise VerifyException(
                "register_matmul: a tiling is required for every Matmul when more than one Matmul is registered"
            )


class MatmulMethodOp(IRDLOperation):
    """Base of the ops that call a method on a Matmul object (their first operand)."""

    @property
    def declaration(self) -> MatmulCreateOp:
        matmul = self.operands[0]
        return matmul_declaration(matmul)


@op_definition
class MatmulInitOp(MatmulMethodOp):
    """``mm.Init(&tiling)``."""

    name = "ascendc.matmul.init"
    matmul = operand_def(MatmulObjType)
    tiling = operand_def(CubeTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("Init", MatmulRole.INIT))
    assembly_format = "$matmul `,` $tiling attr-dict"

    def __init__(self, matmul: SSAValue, tiling: SSAValue):
        super().__init__(operands=[matmul, tiling])


class _SetTensorOp(MatmulMethodOp):
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(TensorType)
    transpose = operand_def(SIGNLESS_I1)
    assembly_format = "$matmul `,` $tensor `,` $transpose attr-dict `:` type($tensor)"
    ROLE: ClassVar[str]

    def __init__(self, matmul: SSAValue, tensor: SSAValue, transpose: SSAValue):
        super().__init__(operands=[matmul, tensor, transpose])

    def declared_type(self) -> MatmulTypeAttr:
        decl = self.declaration
        return decl.a_type if self.ROLE == "A" else decl.b_type

    def verify_(self) -> None:
        verify_tensor_role(self.tensor, self.declared_type(), self.ROLE)


@op_definition
class MatmulSetTensorAOp(_SetTensorOp):
    """``mm.SetTensorA(tensor, transpose)``."""

    name = "ascendc.matmul.set_tensor_a"
    ROLE: ClassVar[str] = "A"
    traits = traits_def(
        NotInMixDualMaster("set_tensor_a with a LocalTensor", "tensor", inputs=True),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetTensorA", MatmulRole.SETTER),
        MatmulAccess(reads=("tensor",)),
        MemoryWriteEffect(),
    )


@op_definition
class MatmulSetTensorBOp(_SetTensorOp):
    """``mm.SetTensorB(tensor, transpose)``."""

    name = "ascendc.matmul.set_tensor_b"
    ROLE: ClassVar[str] = "B"
    traits = traits_def(
        NotInMixDualMaster("set_tensor_b with a LocalTensor", "tensor", inputs=True),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetTensorB", MatmulRole.SETTER),
        MatmulAccess(reads=("tensor",)),
        MemoryWriteEffect(),
    )


@op_definition
class MatmulSetOrgShapeOp(MatmulMethodOp):
    """``mm.SetOrgShape(m, n, ka[, kb[, kc]])``."""

    name = "ascendc.matmul.set_org_shape"
    matmul = operand_def(MatmulObjType)
    org_m = operand_def(SIGNLESS_I32)
    org_n = operand_def(SIGNLESS_I32)
    org_ka = operand_def(SIGNLESS_I32)
    org_kb = opt_operand_def(SIGNLESS_I32)
    org_kc = opt_operand_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetOrgShape", MatmulRole.SETTER))
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = "$matmul `,` $org_m `,` $org_n `,` $org_ka (`,` $org_kb^)? (`,` $org_kc^)? attr-dict"

    def __init__(
        self,
        matmul: SSAValue,
        org_m: SSAValue,
        org_n: SSAValue,
        org_ka: SSAValue,
        org_kb: SSAValue | None = None,
        org_kc: SSAValue | None = None,
    ):
        super().__init__(operands=[matmul, org_m, org_n, org_ka, org_kb, org_kc])

    def verify_(self) -> None:
        if self.org_kc is not None and self.org_kb is None:
            raise VerifyException("set_org_shape: org_kc requires org_kb")


@op_definition
class MatmulSetSingleShapeOp(MatmulMethodOp):
    """``mm.SetSingleShape(m, n, k)``."""

    name = "ascendc.matmul.set_single_shape"
    matmul = operand_def(MatmulObjType)
    single_m = operand_def(SIGNLESS_I32)
    single_n = operand_def(SIGNLESS_I32)
    single_k = operand_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetSingleShape", MatmulRole.SETTER))
    assembly_format = "$matmul `,` $single_m `,` $single_n `,` $single_k attr-dict"

    def __init__(self, matmul: SSAValue, single_m: SSAValue, single_n: SSAValue, single_k: SSAValue):
        super().__init__(operands=[matmul, single_m, single_n, single_k])


@op_definition
class MatmulIterateOp(MatmulMethodOp):
    """``mm.Iterate<SYNC>(enPartialSum)``: compute the next result block; false when there is none.

    ``async`` means ``SYNC=false``: the first call posts the whole computation to the cube core.
    The ``i1`` result drives ``while``/``with`` loops; a discarded result is a one-shot call.

    Example: ``%more = ascendc.matmul.iterate async %mm, %false``
    """

    name = "ascendc.matmul.iterate"
    matmul = operand_def(MatmulObjType)
    en_partial_sum = operand_def(SIGNLESS_I1)
    local_c_matrix = opt_operand_def(LocalTensorType)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    result = result_def(SIGNLESS_I1)
    traits = traits_def(
        NotInMixDualMaster("iterate"),
        NotWithIBShareAB("iterate"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("Iterate", MatmulRole.COMPUTE),
        MatmulAsyncStart("iterate"),
        MatmulAccess(writes=("local_c_matrix",)),
    )
    assembly_format = (
        "(`async` $async^)? $matmul `,` $en_partial_sum (`,` $local_c_matrix^ `:` type($local_c_matrix))? attr-dict"
    )

    def __init__(
        self, matmul: SSAValue, en_partial_sum: SSAValue, local_c_matrix: SSAValue | None = None, *, sync: bool
    ):
        super().__init__(
            operands=[matmul, en_partial_sum, local_c_matrix],
            properties={"async": None if sync else UnitAttr()},
            result_types=[IntegerType(1)],
        )

    @property
    def sync(self) -> bool:
        """The ``SYNC`` template argument."""
        return self.is_async is None

    def starts_async(self) -> bool:
        """An asynchronous ``Iterate`` posts work that later ``get_tensor_c`` calls collect."""
        return self.is_async is not None

    def verify_(self) -> None:
        if self.local_c_matrix is not None:
            if self.is_async is not None:
                raise VerifyException("iterate with local_c_matrix is synchronous")
            c_type = self.declaration.c_type
            if tensor_element_type(self.local_c_matrix.type) != c_type.element_type:
                raise VerifyException("local_c_matrix element type does not match the C MatmulType")


@op_definition
class MatmulIterateAllOp(MatmulMethodOp):
    """``mm.IterateAll<SYNC>(c, enAtomic, enSequentialWrite, waitIterateAll, fakeMsg)`` to a GlobalTensor.

    ``async`` means ``SYNC=false``; ``wait`` means ``waitIterateAll=true``, which requires ``async``
    and starts an asynchronous computation that ``ascendc.matmul.wait_iterate_all`` completes.

    Example: ``ascendc.matmul.iterate_all async wait %mm, %c, %en_atomic, %seq, %fake : !ascendc.global_tensor<f16>``
    """

    name = "ascendc.matmul.iterate_all"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(GlobalTensorType)
    en_atomic = operand_def(SIGNLESS_I8)
    en_sequential_write = operand_def(SIGNLESS_I1)
    fake_msg = operand_def(SIGNLESS_I1)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    wait_iterate_all = opt_prop_def(UnitAttr, prop_name="wait")
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("IterateAll", MatmulRole.COMPUTE),
        MatmulAsyncStart("iterate_all"),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "(`async` $async^)? (`wait` $wait^)? $matmul `,` $tensor `,` $en_atomic `,` $en_sequential_write `,` "
        "$fake_msg attr-dict `:` type($tensor)"
    )

    def __init__(
        self,
        matmul: SSAValue,
        tensor: SSAValue,
        en_atomic: SSAValue,
        en_sequential_write: SSAValue,
        fake_msg: SSAValue,
        *,
        sync: bool,
        wait_iterate_all: bool,
    ):
        super().__init__(
            operands=[matmul, tensor, en_atomic, en_sequential_write, fake_msg],
            properties={
                "async": None if sync else UnitAttr(),
                "wait": UnitAttr() if wait_iterate_all else None,
            },
        )

    @property
    def sync(self) -> bool:
        """The ``SYNC`` template argument."""
        return self.is_async is None

    def starts_async(self) -> bool:
        """Whether this call leaves work pending that ``wait_iterate_all`` must complete."""
        return self.is_async is not None and self.wait_iterate_all is not None

    def verify_(self) -> None:
        if self.wait_iterate_all is not None and self.is_async is None:
            raise VerifyException("Param wait_iterate_all can be True only when sync is False")
        assert isinstance(self.tensor.type, GlobalTensorType)
        declared = self.declaration.c_type
        if self.tensor.type.element_type != declared.element_type:
            raise VerifyException(
                f"tensor element type {self.tensor.type.element_type} does not match the "
                f"C MatmulType element type {declared.element_type}"
            )


@op_definition
class MatmulWaitIterateAllOp(MatmulMethodOp):
    """``mm.WaitIterateAll()``: completes an ``iterate_all async wait``."""

    name = "ascendc.matmul.wait_iterate_all"
    matmul = operand_def(MatmulObjType)
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_S), MatmulMethod("WaitIterateAll", MatmulRole.WAIT), MatmulAsyncWait("iterate_all")
    )
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul])


@op_definition
class MatmulEndOp(MatmulMethodOp):
    """``mm.End()``."""

    name = "ascendc.matmul.end"
    matmul = operand_def(MatmulObjType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("End", MatmulRole.END))
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul])


__all__ = [
    "MatmulCreateOp",
    "MatmulEndOp",
    "MatmulInitOp",
    "MatmulIterateAllOp",
    "MatmulIterateOp",
    "MatmulMethodOp",
    "MatmulSetOrgShapeOp",
    "MatmulSetSingleShapeOp",
    "MatmulSetTensorAOp",
    "MatmulSetTensorBOp",
    "MatmulWaitIterateAllOp",
    "RegisterMatmulOp",
    "matmul_declaration",
]

"""Printers of the Matmul high-level API: object declarations, registration and every method.

Each call is the exact C++ overload of docs/reference/matmul.md: template arguments for ``sync``
and the wait flags, every optional argument written out, and named variables where C++ needs an
lvalue or a declared result.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.matmul_config_fields import ConfigValue
from ascx.dialects.ascendc.matmul_named_configs import ConfigForm, describe_config
from ascx.target.names import CPP_KEYWORDS, GLOBAL_NAMES, kernel_symbol
from ascx.target.printer import AscendCPrinter, cpp_type, emits, file_scope, matmul_type, scalar_type

_CONFIG_FUNCTIONS = "matmul.config_functions"
"""``AscendCPrinter.file_scope`` key: config values -> the file-scope function that builds them."""


def _bool(flag: bool) -> str:
    return "true" if flag else "false"


# -- configs: CANN's named configurations, or a constexpr function that starts from one


@file_scope
def _config_functions(p: AscendCPrinter, module: ModuleOp) -> None:
    """One ``constexpr`` function per distinct config that is not a template as it is: it starts from
    the template and sets the fields that differ, as CANN's examples write custom configs."""
    taken = set(CPP_KEYWORDS | GLOBAL_NAMES)
    for op in module.walk():  # kernel names, and the names locals would take
        if isinstance(op, func.FuncOp):
            taken |= {op.sym_name.data, kernel_symbol(op.sym_name.data)}
        taken |= {v.name_hint for v in op.results if v.name_hint}
        taken |= {a.name_hint for r in op.regions for b in r.blocks for a in b.args if a.name_hint}
    functions: dict[tuple[ConfigValue, ...], str] = {}
    for op in module.walk():
        if not isinstance(op, ir.MatmulCreateOp | ir.MatmulStaticTilingOp):
            continue
        if isinstance(op, ir.MatmulCreateOp) and op.static_tiling is not None:
            continue
        values = op.effective_config.data
        form = describe_config(values)
        if not form.changes or values in functions:
            continue
        name, k = f"{op.result.name_hint or 'matmul'}_config", 0
        while name in taken:
            k += 1
            name = f"{op.result.name_hint or 'matmul'}_config_{k}"
        taken.add(name)
        functions[values] = name
        p.print_string(f"\n__aicore__ inline constexpr MatmulConfig {name}() {{")
        with p.indented():
            p.line(f"MatmulConfig config = {form.base};")
            for member, value in form.changes:
                p.line(f"config.{member} = {value};")
            p.line("return config;")
        p.line("}\n")
    p.file_names |= set(functions.values())
    p.file_scope[_CONFIG_FUNCTIONS] = functions


def _config_argument(p: AscendCPrinter, name: str, config: ir.MatmulConfigAttr) -> str:
    """The config as a template argument: a named constant (``CFG_MDL``), or a ``constexpr static``
    variable declared here from a getter call or the config's file-scope function."""
    form: ConfigForm = describe_config(config.data)
    if form.is_named:
        return form.base
    functions: dict[tuple[ConfigValue, ...], str] = p.file_scope.get(_CONFIG_FUNCTIONS, {})
    init = f"{functions[config.data]}()" if form.changes else form.base
    cfg = p.names.fresh(f"{name}_cfg")
    p.line(f"constexpr static MatmulConfig {cfg} = {init};")
    return cfg


def _operand_types(op: ir.MatmulCreateOp | ir.MatmulStaticTilingOp) -> list[str]:
    return [
        matmul_type(op.a_type),
        matmul_type(op.b_type),
        matmul_type(op.c_type),
        matmul_type(op.bias_type, bias=True),
    ]


# -- declaration and registration


@emits(ir.MatmulCreateOp)
def _matmul_create(p: AscendCPrinter, op: ir.MatmulCreateOp) -> None:
    name = p.names.get(op.result)
    args = _operand_types(op)
    if op.static_tiling is not None:
        args.append(p.expr(op.static_tiling))
    elif op.policy is not None or not describe_config(op.effective_config.data).is_default:
        args.append(_config_argument(p, name, op.effective_config))
    if op.policy is not None:
        args += [
            "AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>",
            f"AscendC::Impl::Detail::{op.policy.data.name}",
        ]
    p.line(f"AscendC::Matmul<{', '.join(args)}> {name};")


@emits(ir.MatmulStaticTilingOp)
def _static_tiling(p: AscendCPrinter, op: ir.MatmulStaticTilingOp) -> None:
    name = p.names.get(op.result)
    cfg = _config_argument(p, name, op.effective_config)
    args = [cfg] + ([str(op.l1_size.value.data)] if op.l1_size is not None else [])
    call = f"AscendC::GetMatmulApiTiling<{', '.join(_operand_types(op))}>({', '.join(args)})"
    p.line(f"constexpr static MatmulApiStaticTiling {name} = {call};")


@emits(ir.StaticTilingGetOp)
def _static_tiling_get(p: AscendCPrinter, op: ir.StaticTilingGetOp) -> None:
    p.line(f"int32_t {p.names.get(op.result)} = {p.expr(op.tiling)}.{op.field.data};")


def _byte_address(p: AscendCPrinter, address: SSAValue) -> str:
    """``address`` as CANN's ``GM_ADDR`` (``__gm__ uint8_t*``): a ``uint8_t`` address as it is, any other
    address reinterpreted (``REGIST_MATMUL_OBJ`` hands it to functions that take ``GM_ADDR``)."""
    assert isinstance(address.type, ir.GMAddrType)
    if scalar_type(address.type.element_type) == "uint8_t":
        return p.expr(address)
    return f"reinterpret_cast<GM_ADDR>({p.expr(address)})"


@emits(ir.RegisterMatmulOp)
def _register_matmul(p: AscendCPrinter, op: ir.RegisterMatmulOp) -> None:
    args = [f"&{p.expr(op.pipe)}", _byte_address(p, op.workspace)]
    for index, obj in enumerate(op.objects):
        args.append(p.expr(obj))
        if op.tilings:
            args.append(f"&{p.expr(op.tilings[index])}")
    p.line(f"REGIST_MATMUL_OBJ({', '.join(args)});")


# -- configuring a computation


@emits(ir.MatmulInitOp)
def _matmul_init(p: AscendCPrinter, op: ir.MatmulInitOp) -> None:
    p.call(op.matmul, "Init", f"&{p.expr(op.tiling)}")


@emits(ir.MatmulSetTensorAOp)
def _set_tensor_a(p: AscendCPrinter, op: ir.MatmulSetTensorAOp) -> None:
    p.call(op.matmul, "SetTensorA", p.expr(op.tensor), p.expr(op.transpose))


@emits(ir.MatmulSetTensorBOp)
def _set_tensor_b(p: AscendCPrinter, op: ir.MatmulSetTensorBOp) -> None:
    p.call(op.matmul, "SetTensorB", p.expr(op.tensor), p.expr(op.transpose))


@emits(ir.MatmulSetScalarAOp)
def _set_scalar_a(p: AscendCPrinter, op: ir.MatmulSetScalarAOp) -> None:
    p.call(op.matmul, "SetTensorA", p.expr(op.value))


@emits(ir.MatmulSetScalarBOp)
def _set_scalar_b(p: AscendCPrinter, op: ir.MatmulSetScalarBOp) -> None:
    p.call(op.matmul, "SetTensorB", p.expr(op.value))


@emits(ir.MatmulSetBiasOp)
def _set_bias(p: AscendCPrinter, op: ir.MatmulSetBiasOp) -> None:
    p.call(op.matmul, "SetBias", p.expr(op.tensor))


@emits(ir.MatmulDisableBiasOp)
def _disable_bias(p: AscendCPrinter, op: ir.MatmulDisableBiasOp) -> None:
    p.call(op.matmul, "DisableBias")


def _as_uint64(p: AscendCPrinter, value: SSAValue) -> str:
    """An address, a GlobalTensor's address or an integer as the ``uint64_t`` the API takes."""
    match value.type:
        case ir.GMAddrType():
            return f"reinterpret_cast<uint64_t>({p.expr(value)})"
        case ir.GlobalTensorType():
            return f"reinterpret_cast<uint64_t>({p.expr(value)}.GetPhyAddr())"
        case _:
            return f"static_cast<uint64_t>({p.expr(value)})"


@emits(ir.MatmulSetSelfDefineDataOp)
def _set_self_define_data(p: AscendCPrinter, op: ir.MatmulSetSelfDefineDataOp) -> None:
    p.call(op.matmul, "SetSelfDefineData", _as_uint64(p, op.data))


@emits(ir.MatmulSetUserDefInfoOp)
def _set_user_def_info(p: AscendCPrinter, op: ir.MatmulSetUserDefInfoOp) -> None:
    p.call(op.matmul, "SetUserDefInfo", _as_uint64(p, op.pointer))


@emits(ir.MatmulSetSparseIndexOp)
def _set_sparse_index(p: AscendCPrinter, op: ir.MatmulSetSparseIndexOp) -> None:
    p.call(op.matmul, "SetSparseIndex", p.expr(op.index))


@emits(ir.MatmulSetHF32Op)
def _set_hf32(p: AscendCPrinter, op: ir.MatmulSetHF32Op) -> None:
    p.call(op.matmul, "SetHF32", p.expr(op.enable), p.expr(op.trans_mode))


@emits(ir.MatmulSetTailOp)
def _set_tail(p: AscendCPrinter, op: ir.MatmulSetTailOp) -> None:
    p.call(op.matmul, "SetTail", p.expr(op.tail_m), p.expr(op.tail_n), p.expr(op.tail_k))


@emits(ir.MatmulSetBatchNumOp)
def _set_batch_num(p: AscendCPrinter, op: ir.MatmulSetBatchNumOp) -> None:
    p.call(op.matmul, "SetBatchNum", p.expr(op.batch_a), p.expr(op.batch_b))


@emits(ir.MatmulSetWorkspaceOp)
def _set_workspace(p: AscendCPrinter, op: ir.MatmulSetWorkspaceOp) -> None:
    args = [p.expr(op.workspace)] + ([p.expr(op.size)] if op.size is not None else [])
    p.call(op.matmul, "SetWorkspace", *args)


@emits(ir.MatmulSetQuantScalarOp)
def _set_quant_scalar(p: AscendCPrinter, op: ir.MatmulSetQuantScalarOp) -> None:
    p.call(op.matmul, "SetQuantScalar", p.expr(op.quant_scalar))


@emits(ir.MatmulSetQuantVectorOp)
def _set_quant_vector(p: AscendCPrinter, op: ir.MatmulSetQuantVectorOp) -> None:
    p.call(op.matmul, "SetQuantVector", p.expr(op.quant_vector))


@emits(ir.MatmulSetOrgShapeOp)
def _set_org_shape(p: AscendCPrinter, op: ir.MatmulSetOrgShapeOp) -> None:
    shape = [op.org_m, op.org_n, op.org_ka, op.org_kb, op.org_kc]
    p.call(op.matmul, "SetOrgShape", *(p.expr(v) for v in shape if v is not None))


@emits(ir.MatmulSetSingleShapeOp)
def _set_single_shape(p: AscendCPrinter, op: ir.MatmulSetSingleShapeOp) -> None:
    p.call(op.matmul, "SetSingleShape", *(p.expr(v) for v in (op.single_m, op.single_n, op.single_k)))


@emits(ir.MatmulGetOffsetCOp)
def _get_offset_c(p: AscendCPrinter, op: ir.MatmulGetOffsetCOp) -> None:
    p.line(f"MatrixOffset {p.names.get(op.result)} = {p.expr(op.matmul)}.GetOffsetC();")


@emits(ir.MatrixOffsetOp)
def _matrix_offset(p: AscendCPrinter, op: ir.MatrixOffsetOp) -> None:
    values = ", ".join(p.expr(v) for v in op.operands)
    p.line(f"MatrixOffset {p.names.get(op.result)}{{{values}}};")


# -- computing and fetching results


@emits(ir.MatmulIterateOp)
def _iterate(p: AscendCPrinter, op: ir.MatmulIterateOp) -> None:
    args = [p.expr(op.en_partial_sum)] + ([p.expr(op.local_c_matrix)] if op.local_c_matrix is not None else [])
    call = f"{p.expr(op.matmul)}.Iterate<{_bool(op.sync)}>({', '.join(args)})"
    if op.result.uses:
        p.line(f"bool {p.names.get(op.result)} = {call};")
    else:
        p.line(f"{call};")


@emits(ir.MatmulIterateAllOp)
def _iterate_all(p: AscendCPrinter, op: ir.MatmulIterateAllOp) -> None:
    wait = _bool(op.wait_iterate_all is not None)
    args = (p.expr(op.tensor), p.expr(op.en_atomic), p.expr(op.en_sequential_write), wait)
    p.call(op.matmul, "IterateAll", *args, p.expr(op.fake_msg), template=_bool(op.sync))


@emits(ir.MatmulIterateAllLocalOp)
def _iterate_all_local(p: AscendCPrinter, op: ir.MatmulIterateAllLocalOp) -> None:
    p.call(op.matmul, "IterateAll", p.expr(op.tensor), p.expr(op.en_atomic), template="true")


@emits(ir.MatmulWaitIterateAllOp)
def _wait_iterate_all(p: AscendCPrinter, op: ir.MatmulWaitIterateAllOp) -> None:
    p.call(op.matmul, "WaitIterateAll")


@emits(ir.MatmulGetTensorCOp)
def _get_tensor_c(p: AscendCPrinter, op: ir.MatmulGetTensorCOp) -> None:
    args = (p.expr(op.tensor), p.expr(op.en_atomic), p.expr(op.en_sequential_write))
    p.call(op.matmul, "GetTensorC", *args, template=_bool(op.sync))


@emits(ir.MatmulGetTensorCDualOp)
def _get_tensor_c_dual(p: AscendCPrinter, op: ir.MatmulGetTensorCDualOp) -> None:
    args = (p.expr(op.tensor), p.expr(op.local), p.expr(op.en_atomic), p.expr(op.en_sequential_write))
    p.call(op.matmul, "GetTensorC", *args, template=_bool(op.sync))


@emits(ir.MatmulGetTensorCViewOp)
def _get_tensor_c_view(p: AscendCPrinter, op: ir.MatmulGetTensorCViewOp) -> None:
    call = f"{p.expr(op.matmul)}.GetTensorC<false>({p.expr(op.en_atomic)}, {p.expr(op.en_sequential_write)})"
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {call};")


@emits(ir.MatmulAsyncGetTensorCOp)
def _async_get_tensor_c(p: AscendCPrinter, op: ir.MatmulAsyncGetTensorCOp) -> None:
    p.call(op.matmul, "AsyncGetTensorC", p.expr(op.tensor))


@emits(ir.MatmulWaitGetTensorCOp)
def _wait_get_tensor_c(p: AscendCPrinter, op: ir.MatmulWaitGetTensorCOp) -> None:
    p.call(op.matmul, "WaitGetTensorC")


@emits(ir.MatmulIterateBatchOp)
def _iterate_batch(p: AscendCPrinter, op: ir.MatmulIterateBatchOp) -> None:
    args = [p.expr(v) for v in op.operands[1:]]
    if isinstance(op.tensor.type, ir.LocalTensorType):
        template = "true"
    else:
        template = f"{_bool(op.sync)}, {_bool(op.wait_iterate_batch is not None)}"
    p.call(op.matmul, "IterateBatch", *args, template=template)


@emits(ir.MatmulIterateBatchCubeOp)
def _iterate_batch_cube(p: AscendCPrinter, op: ir.MatmulIterateBatchCubeOp) -> None:
    p.call(op.matmul, "IterateBatch", *(p.expr(v) for v in op.operands[1:]))


@emits(ir.MatmulIterateNBatchOp)
def _iterate_n_batch(p: AscendCPrinter, op: ir.MatmulIterateNBatchOp) -> None:
    template = f"{_bool(op.sync)}, {_bool(op.wait_iterate_batch is not None)}"
    p.call(op.matmul, "IterateNBatch", *(p.expr(v) for v in op.operands[1:]), template=template)


@emits(ir.MatmulGetBatchTensorCOp)
def _get_batch_tensor_c(p: AscendCPrinter, op: ir.MatmulGetBatchTensorCOp) -> None:
    p.call(op.matmul, "GetBatchTensorC", *(p.expr(v) for v in op.operands[1:]), template="false")


@emits(ir.MatmulGetBatchTensorCViewOp)
def _get_batch_tensor_c_view(p: AscendCPrinter, op: ir.MatmulGetBatchTensorCViewOp) -> None:
    args = ", ".join(p.expr(v) for v in op.operands[1:])
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.matmul)}.GetBatchTensorC<false>({args});")


@emits(ir.MatmulWaitIterateBatchOp)
def _wait_iterate_batch(p: AscendCPrinter, op: ir.MatmulWaitIterateBatchOp) -> None:
    p.call(op.matmul, "WaitIterateBatch")


@emits(ir.MatmulEndOp)
def _end(p: AscendCPrinter, op: ir.MatmulEndOp) -> None:
    p.call(op.matmul, "End")

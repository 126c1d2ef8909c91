"""A remark about ops without a source location (IR a pass or a tool built) says so, never ``None``, and says
where an inserted op went by the op it precedes (an excerpt needs a location: there is none)."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from ascx.analysis.report import collecting
from ascx.dialects import make_context
from ascx.passes.insert_sync import InsertSyncPass

KERNEL = """
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %c1024_ui32 = ascendc.constant 1024 : ui32
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %c256_i32 = arith.constant 256 : i32
  ascendc.data_copy %xl, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32)
  ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  func.return
}
"""


def test_insert_sync_remarks_on_unlocated_ops_say_unknown_location() -> None:
    ctx: Context = make_context()
    module = Parser(ctx, KERNEL).parse_module()
    assert isinstance(module, ModuleOp)
    with collecting() as diagnostics:
        InsertSyncPass(report=True).apply(ctx, module)
    assert [d.render() for d in diagnostics if d.severity == "remark"] == [
        "remark: inserted asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, 0) for HZ-1 (MTE2 → V, asc.data_copy at "
        "<unknown location> → asc.abs at <unknown location>): the set before `asc.abs`, the wait before `asc.abs` "
        "[HZ-1]",
        "remark: inserted asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, 0) for HZ-1 (V → MTE3, asc.abs at "
        "<unknown location> → asc.data_copy at <unknown location>): the set before `asc.data_copy`, the wait "
        "before `asc.data_copy` [HZ-1]",
        "remark: inserted asc.pipe_barrier(PipeID.PIPE_ALL) before the kernel returns for IN-12 (the GM write of "
        "`asc.data_copy` at <unknown location> is unordered at the kernel's return) [IN-12]",
    ]

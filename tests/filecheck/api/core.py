# Tensors, addresses, shapes and properties from Python to IR and to C++: GlobalTensor (buffer,
# views, element access, size, L2 cache hint), LocalTensor (fixed address, declared, views, element
# access, queries, reinterpret_cast), GlobalAddress arithmetic, ShapeInfo/get_shape_size, property.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def core(x: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x + n * 2, 1024)
    view = xg[64:]
    first = view.get_value(0)
    xg.set_value(n, first)
    total = xg.get_size()
    xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST, asc.CacheRwMode.WRITE)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
    half_view = ub[256:]
    half_view.set_value(1, 2.5)
    value = ub.get_value(n)
    size = ub.get_size()
    position = ub.get_position()
    length = ub.get_length()
    bits = ub.reinterpret_cast(asc.int16)
    shape = asc.ShapeInfo([8, size])
    elements = asc.get_shape_size(shape)
    block = asc.property(asc.ONE_BLK_SIZE)


# IR: func.func @core(%x: !ascendc.gm_addr<f16>, %n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: %0 = arith.muli %n, %c2_i32 : i32
# IR: %1 = ascendc.gm_addr.offset %x, %0 : !ascendc.gm_addr<f16>, i32
# IR: %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
# IR: ascendc.global_tensor.set_global_buffer %xg, %1, %c1024_ui64 : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>, ui64
# IR: %view = ascendc.sub_tensor %xg[%c64_i32 : i32] : !ascendc.global_tensor<f16>
# IR: %first = ascendc.get_value %view[%c0_ui64 : ui64] : !ascendc.global_tensor<f16> -> f16
# IR: ascendc.set_value %xg[%n : i32], %first : !ascendc.global_tensor<f16>, f16
# IR: %total = ascendc.tensor_query get_size %xg : !ascendc.global_tensor<f16> -> ui64
# IR: ascendc.set_l2_cache_hint %xg cache_mode_last, write : !ascendc.global_tensor<f16>
# IR: %ub = ascendc.local_tensor veccalc, %c0_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %half_view = ascendc.sub_tensor %ub[%c256_i32 : i32] : !ascendc.local_tensor<f16>
# IR: ascendc.set_value %half_view[%c1_ui32 : ui32], %cst : !ascendc.local_tensor<f16>, f16
# IR: %value = ascendc.get_value %ub[%n : i32] : !ascendc.local_tensor<f16> -> f16
# IR: %size = ascendc.tensor_query get_size %ub : !ascendc.local_tensor<f16> -> i32
# IR: %position = ascendc.tensor_query get_position %ub : !ascendc.local_tensor<f16> -> i32
# IR: %length = ascendc.tensor_query get_length %ub : !ascendc.local_tensor<f16> -> ui32
# IR: %bits = ascendc.reinterpret_cast %ub : !ascendc.local_tensor<f16> -> !ascendc.local_tensor<i16>
# IR: %shape = ascendc.shape_info %c8_ui32, %size : ui32, i32
# IR: %elements = ascendc.get_shape_size %shape : i32
# IR: %one_blk_size = ascendc.property "ONE_BLK_SIZE" : i16

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void core(__gm__ half* x, int32_t n) {
# CPP-NEXT:    int32_t v = n * 2;
# CPP-NEXT:    __gm__ half* v_1 = x + v;
# CPP-NEXT:    AscendC::GlobalTensor<half> xg;
# CPP-NEXT:    xg.SetGlobalBuffer(v_1, 1024);
# CPP-NEXT:    AscendC::GlobalTensor<half> view = xg[64];
# CPP-NEXT:    half first = view.GetValue(0);
# CPP-NEXT:    xg.SetValue(n, first);
# CPP-NEXT:    uint64_t total = xg.GetSize();
# CPP-NEXT:    xg.SetL2CacheHint<AscendC::CacheRwMode::WRITE>(AscendC::CacheMode::CACHE_MODE_LAST);
# CPP-NEXT:    AscendC::LocalTensor<half> ub(AscendC::TPosition::VECCALC, 0, 512);
# CPP-NEXT:    AscendC::LocalTensor<half> half_view = ub[256];
# CPP-NEXT:    half_view.SetValue(1, half(2.5));
# CPP-NEXT:    half value = ub.GetValue(n);
# CPP-NEXT:    int32_t size = ub.GetSize();
# CPP-NEXT:    int32_t position = ub.GetPosition();
# CPP-NEXT:    uint32_t length = ub.GetLength();
# CPP-NEXT:    AscendC::LocalTensor<int16_t> bits = ub.ReinterpretCast<int16_t>();
# CPP-NEXT:    uint32_t shape_dims[] = {8, static_cast<uint32_t>(size)};
# CPP-NEXT:    AscendC::ShapeInfo shape(2, shape_dims);
# CPP-NEXT:    int32_t elements = AscendC::GetShapeSize(shape);
# CPP-NEXT:}

# The cube-level API from Python to IR and to C++: a matmul's data path (ND -> NZ into L1, fractal
# loads into L0A/L0B with and without transposing, mmad into L0C, fixpipe to GM as ND and NZ) on
# LocalMemAllocator tensors.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each API, not a synchronised kernel: compiled without the sync passes, whose own
# tests are under passes/.
@asc.jit(insert_sync=False, verify_sync=False, matmul_cube_only=True)
def cube(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, n: int) -> None:
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    a1 = l1.alloc(asc.TPosition.A1, asc.float16, 1024)
    b1 = l1.alloc(asc.TPosition.B1, asc.float16, n)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, asc.float16, 1024)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, 1024)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 1024)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, 32, n, 0, n, 32, 1, 0))
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 2))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 2, 2, if_transpose=True))
    asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 2, 2))
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32, cmatrix_init_val=False))
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16))
    asc.fixpipe(
        cg, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16, relu_en=True), asc.FixpipeConfig.cfg_nz()
    )


# IR: func.func @cube(%a: !ascendc.gm_addr<f16>, %b: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f16>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.matmul_cube_only, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
# IR: %l1 = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
# IR: %a1 = ascendc.local_mem_allocator.alloc %l1 a1 size 1024 : !ascendc.local_mem_allocator<l1> -> !ascendc.local_tensor<f16>
# IR: %b1 = ascendc.local_mem_allocator.alloc %l1 b1 dynamic %n : !ascendc.local_mem_allocator<l1>, i32 -> !ascendc.local_tensor<f16>
# IR: %0 = ascendc.local_mem_allocator l0a : !ascendc.local_mem_allocator<l0a>
# IR: %a2 = ascendc.local_mem_allocator.alloc %0 a2 size 1024 : !ascendc.local_mem_allocator<l0a> -> !ascendc.local_tensor<f16>
# IR: %1 = ascendc.local_mem_allocator l0b : !ascendc.local_mem_allocator<l0b>
# IR: %b2 = ascendc.local_mem_allocator.alloc %1 b2 size 1024 : !ascendc.local_mem_allocator<l0b> -> !ascendc.local_tensor<f16>
# IR: %2 = ascendc.local_mem_allocator l0c : !ascendc.local_mem_allocator<l0c>
# IR: %c1 = ascendc.local_mem_allocator.alloc %2 co1 size 1024 : !ascendc.local_mem_allocator<l0c> -> !ascendc.local_tensor<f32>
# IR: %3 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c0_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
# IR: ascendc.data_copy_nd2nz %a1, %ag, %3 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<nd2nz>
# IR: %4 = ascendc.params %c1_ui16, %c32_ui16, %n, %c0_ui16, %n, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, i32, ui16, i32, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
# IR: ascendc.data_copy_nd2nz %b1, %bg, %4 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<nd2nz>
# IR: %5 = ascendc.params %c0_ui16, %c2_ui8, %c2_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
# IR: ascendc.load_data %a2, %a1, %5 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
# IR: %6 = ascendc.params %c0_ui16, %c2_ui8, %c2_ui16, %c0_ui8, %c0_ui16, %true, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
# IR: ascendc.load_data %b2, %b1, %6 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
# IR: %7 = ascendc.params %c0_ui16, %c2_ui8, %c2_ui16, %c0_ui16, %c0_ui16, %c0_ui8 : ui16, ui8, ui16, ui16, ui16, ui8 -> !ascendc.params<load_data_2d_transpose>
# IR: ascendc.load_data_with_transpose %b2, %b1, %7 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d_transpose>
# IR: %8 = ascendc.params %c32_ui16, %c32_ui16, %c32_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
# IR: ascendc.mmad %c1, %a2, %b2, %8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
# IR: %9 = ascendc.params %c32_ui16, %c32_ui16, %c32_ui16, %c0_ui8, %false, %false : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
# IR: ascendc.mmad %c1, %a2, %b2, %9 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
# IR: %10 = ascendc.params %c32_ui16, %c32_ui16, %c32_ui16, %c32_ui32, %false, %c1_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
# IR: ascendc.fixpipe row_major %cg, %c1, %10 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
# IR: %11 = ascendc.params %c32_ui16, %c32_ui16, %c32_ui16, %c32_ui32, %true, %c1_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
# IR: ascendc.fixpipe nz %cg, %c1, %11 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>

# CPP:#define ASCENDC_CUBE_ONLY
# CPP-NEXT:#include "kernel_operator.h"
# CPP-NEXT:#include "lib/matmul_intf.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void cube(__gm__ half* a, __gm__ half* b, __gm__ half* c, int32_t n, __gm__ uint64_t* ffts_addr) {
# CPP-NEXT:    set_ffts_base_addr(*ffts_addr);
# CPP-NEXT:    AscendC::GlobalTensor<half> ag;
# CPP-NEXT:    ag.SetGlobalBuffer(a);
# CPP-NEXT:    AscendC::GlobalTensor<half> bg;
# CPP-NEXT:    bg.SetGlobalBuffer(b);
# CPP-NEXT:    AscendC::GlobalTensor<half> cg;
# CPP-NEXT:    cg.SetGlobalBuffer(c);
# CPP-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;
# CPP-NEXT:    AscendC::LocalTensor<half> a1 = l1.Alloc<AscendC::TPosition::A1, half, 1024>();
# CPP-NEXT:    AscendC::LocalTensor<half> b1 = l1.Alloc<AscendC::TPosition::B1, half>(n);
# CPP-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L0A> v;
# CPP-NEXT:    AscendC::LocalTensor<half> a2 = v.Alloc<AscendC::TPosition::A2, half, 1024>();
# CPP-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L0B> v_1;
# CPP-NEXT:    AscendC::LocalTensor<half> b2 = v_1.Alloc<AscendC::TPosition::B2, half, 1024>();
# CPP-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L0C> v_2;
# CPP-NEXT:    AscendC::LocalTensor<float> c1 = v_2.Alloc<AscendC::TPosition::CO1, float, 1024>();
# CPP-NEXT:    AscendC::Nd2NzParams v_3{1, 32, 32, 0, 32, 32, 1, 0};
# CPP-NEXT:    AscendC::DataCopy(a1, ag, v_3);
# CPP-NEXT:    AscendC::Nd2NzParams v_4{1, 32, static_cast<uint16_t>(n), 0, static_cast<uint16_t>(n), 32, 1, 0};
# CPP-NEXT:    AscendC::DataCopy(b1, bg, v_4);
# CPP-NEXT:    AscendC::LoadData2DParams v_5{0, 2, 2, 0, 0, false, 0};
# CPP-NEXT:    AscendC::LoadData(a2, a1, v_5);
# CPP-NEXT:    AscendC::LoadData2DParams v_6{0, 2, 2, 0, 0, true, 0};
# CPP-NEXT:    AscendC::LoadData(b2, b1, v_6);
# CPP-NEXT:    AscendC::LoadData2dTransposeParams v_7{0, 2, 2, 0, 0, 0};
# CPP-NEXT:    AscendC::LoadDataWithTranspose(b2, b1, v_7);
# CPP-NEXT:    AscendC::MmadParams v_8{32, 32, 32, 0, false, true};
# CPP-NEXT:    AscendC::Mmad(c1, a2, b2, v_8);
# CPP-NEXT:    AscendC::MmadParams v_9{32, 32, 32, 0, false, false};
# CPP-NEXT:    AscendC::Mmad(c1, a2, b2, v_9);
# CPP-NEXT:    AscendC::FixpipeParamsV220 v_10{32, 32, 32, 32, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0, false};
# CPP-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(cg, c1, v_10);
# CPP-NEXT:    AscendC::FixpipeParamsV220 v_11{32, 32, 32, 32, true, QuantMode_t::F322F16, 0, 1, 0, 0, 0, false};
# CPP-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(cg, c1, v_11);
# CPP-NEXT:}

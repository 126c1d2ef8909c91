#include "kernel_operator.h"
extern "C"  __global__ __aicore__ void vector_add_queues(__gm__ float* v1_x, __gm__ float* v2_y, __gm__ float* v3_z, int32_t v4_block_length, __gm__ uint64_t* v5_ffts_addr) {
  set_ffts_base_addr(*v5_ffts_addr);
  constexpr int32_t c2_i32 = 2;
  constexpr int32_t c512_i32 = 512;
  constexpr int32_t c0_i32 = 0;
  constexpr int32_t c16_i32 = 16;
  constexpr int32_t c1_i32 = 1;
  constexpr int32_t c128_i32 = 128;
  int32_t v6 = static_cast<int32_t>(AscendC::GetBlockIdx());
  int32_t v7 = v6 * v4_block_length;
  uint32_t v8 = static_cast<uint32_t>(v7);
  __gm__ float* v9 = v1_x + v8;
  AscendC::GlobalTensor<float> v10;
  v10.SetGlobalBuffer(v9);
  __gm__ float* v11 = v2_y + v8;
  AscendC::GlobalTensor<float> v12;
  v12.SetGlobalBuffer(v11);
  __gm__ float* v13 = v3_z + v8;
  AscendC::GlobalTensor<float> v14;
  v14.SetGlobalBuffer(v13);
  AscendC::TPipe v15;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> v16;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> v17;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v18;
  v15.InitBuffer(v16, c2_i32, c512_i32);
  v15.InitBuffer(v17, c2_i32, c512_i32);
  v15.InitBuffer(v18, c2_i32, c512_i32);
  for (int32_t v19 = c0_i32; v19 < c16_i32; v19 += c1_i32) {
    AscendC::LocalTensor<float> v20 = v16.AllocTensor<float>();
    AscendC::LocalTensor<float> v21 = v17.AllocTensor<float>();
    int32_t v22 = v19 * c128_i32;
    AscendC::GlobalTensor<float> v23 = v10[v22];
    AscendC::DataCopy(v20, v23, c128_i32);
    AscendC::GlobalTensor<float> v24 = v12[v22];
    AscendC::DataCopy(v21, v24, c128_i32);
    v16.EnQue(v20);
    v17.EnQue(v21);
    AscendC::LocalTensor<float> v25 = v16.DeQue<float>();
    AscendC::LocalTensor<float> v26 = v17.DeQue<float>();
    AscendC::LocalTensor<float> v27 = v18.AllocTensor<float>();
    AscendC::Add(v27, v25, v26, c128_i32);
    v18.EnQue(v27);
    v16.FreeTensor(v25);
    v17.FreeTensor(v26);
    AscendC::LocalTensor<float> v28 = v18.DeQue<float>();
    AscendC::GlobalTensor<float> v29 = v14[v22];
    AscendC::DataCopy(v29, v28, c128_i32);
    v18.FreeTensor(v28);
  }
  return;
}


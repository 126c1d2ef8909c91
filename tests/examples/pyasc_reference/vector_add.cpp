#include "kernel_operator.h"
extern "C"  __global__ __aicore__ void vector_add(__gm__ float* v1_x, __gm__ float* v2_y, __gm__ float* v3_z, int32_t v4_block_length, __gm__ uint64_t* v5_ffts_addr) {
  set_ffts_base_addr(*v5_ffts_addr);
  constexpr int32_t c8_i32 = 8;
  constexpr int32_t c2_i32 = 2;
  constexpr uint32_t v6 = 0;
  constexpr int32_t c0_i32 = 0;
  constexpr int32_t c16_i32 = 16;
  constexpr int32_t c1_i32 = 1;
  int32_t v7 = static_cast<int32_t>(AscendC::GetBlockIdx());
  int32_t v8 = v7 * v4_block_length;
  uint32_t v9 = static_cast<uint32_t>(v8);
  __gm__ float* v10 = v1_x + v9;
  AscendC::GlobalTensor<float> v11;
  v11.SetGlobalBuffer(v10, v4_block_length);
  __gm__ float* v12 = v2_y + v9;
  AscendC::GlobalTensor<float> v13;
  v13.SetGlobalBuffer(v12, v4_block_length);
  __gm__ float* v14 = v3_z + v9;
  AscendC::GlobalTensor<float> v15;
  v15.SetGlobalBuffer(v14, v4_block_length);
  int32_t v16 = v4_block_length / c8_i32;
  int32_t v17 = v16 / c2_i32;
  int32_t v18 = v17 * c8_i32;
  int32_t v19 = v17 * c2_i32;
  uint32_t v20 = (uint32_t) v19;
  AscendC::LocalTensor<float> v21 = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, v6, v20);
  uint32_t v22 = (uint32_t) v18;
  uint32_t v23 = (uint32_t) v19;
  AscendC::LocalTensor<float> v24 = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, v22, v23);
  int32_t v25 = v17 * c16_i32;
  uint32_t v26 = (uint32_t) v25;
  uint32_t v27 = (uint32_t) v19;
  AscendC::LocalTensor<float> v28 = AscendC::LocalTensor<float>(AscendC::TPosition::VECOUT, v26, v27);
  for (int32_t v29 = c0_i32; v29 < c16_i32; v29 += c1_i32) {
    int32_t v30 = v29 % c2_i32;
    int32_t v31 = v30 * v17;
    AscendC::LocalTensor<float> v32 = v21[v31];
    int32_t v33 = v29 * v17;
    AscendC::GlobalTensor<float> v34 = v11[v33];
    AscendC::DataCopy(v32, v34, v17);
    AscendC::LocalTensor<float> v35 = v24[v31];
    AscendC::GlobalTensor<float> v36 = v13[v33];
    AscendC::DataCopy(v35, v36, v17);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(v30);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(v30);
    AscendC::LocalTensor<float> v37 = v28[v31];
    AscendC::Add(v37, v32, v35, v17);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v30);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(v30);
    AscendC::GlobalTensor<float> v38 = v15[v33];
    AscendC::DataCopy(v38, v37, v17);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(v30);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(v30);
  }
  return;
}


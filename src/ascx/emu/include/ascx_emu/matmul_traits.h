// ascx host emulation: what the three Matmul classes share (not part of the Ascend C surface): the
// element types, the effective MatmulConfig, the policy and the compile-time checks the real
// headers make with static_assert (docs/emulation.md#what-real-builds-enforce).
#pragma once

#include <type_traits>

#include "ascx_emu/matmul_engine.h"
#include "ascx_emu/matmul_types.h"

namespace ascx_emu {

template <typename T>
constexpr bool is_cube_input_v = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> ||
                                 std::is_same_v<T, float> || std::is_same_v<T, int8_t>;

template <typename T>
constexpr bool is_cube_output_v = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> ||
                                  std::is_same_v<T, float> || std::is_same_v<T, int32_t> || std::is_same_v<T, int8_t>;

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG, class MM_CB,
          template <const auto&, typename...> class MATMUL_POLICY>
struct MatmulTraits {
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    using Engine = MatmulEngine<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>;
    using PolicyKind = AscendC::Impl::Detail::PolicyKind;

    constexpr static MatmulConfig cfg = ToMatmulConfig(MM_CFG);
    constexpr static PolicyKind policy = MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::ascx_policy;
    constexpr static bool has_callbacks =
        MM_CB::DataCopyOutPtr != nullptr || MM_CB::CopyA1Ptr != nullptr || MM_CB::CopyB1Ptr != nullptr;

    static_assert(is_cube_input_v<SrcAT>, "Matmul: A's type must be half, bfloat16_t, float or int8_t");
    static_assert(is_cube_input_v<SrcBT>, "Matmul: B's type must be half, bfloat16_t, float or int8_t");
    static_assert(is_cube_output_v<DstT>, "Matmul: C's type must be half, bfloat16_t, float, int32_t or int8_t");
    static_assert((policy != PolicyKind::TRIAN_UPPER && policy != PolicyKind::TRIAN_LOWER) || cfg.doNorm ||
                      cfg.doMultiDataLoad,
                  "TrianUpperMatmulPolicy / TrianLowerMatmulPolicy only support Norm and MDL configs");
    static_assert(policy != PolicyKind::NBUFFER33 || cfg.doMultiDataLoad,
                  "NBuffer33MatmulPolicy only supports an MDL config");
    static_assert(policy != PolicyKind::NBUFFER33 ||
                      (A_TYPE::pos == AscendC::TPosition::GM && B_TYPE::pos == AscendC::TPosition::GM),
                  "NBuffer33MatmulPolicy only supports A and B at TPosition::GM");

    /// MM_CFG given as a MatmulApiStaticTiling: the constant fields the engine checks at Init.
    static const MatmulApiStaticTiling* static_tiling() {
        if constexpr (std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(MM_CFG)>>,
                                     MatmulApiStaticTiling>) {
            return &MM_CFG;
        } else {
            return nullptr;
        }
    }
};

}  // namespace ascx_emu

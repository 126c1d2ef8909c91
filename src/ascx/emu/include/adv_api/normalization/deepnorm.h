// ascx host emulation of DeepNorm (adv_api/normalization/deepnorm.h): LayerNorm of x1 = alpha * src + gx
// over each row of a [bLength, sLength, hLength] input, with c = the tiling's lastDimValueBack
// (1 / originalHLength),
//
//     mean     = rowsum(x1 * c)
//     variance = rowsum((x1 - mean)^2 * c)
//     dst      = (x1 - mean) * (1 / sqrt(variance + epsilon)) * gamma + beta
//
// with mean in meanLocal and the variance in rstdLocal (CANN documents rstdLocal as the reciprocal standard
// deviation; its Atlas A2 implementation stores the variance there).  The rounds, the tail and the tiling
// update (bshCurLength, bsCurLength) are LayerNorm's (layernorm.h), and so is a reused float source.
// Clean-room.
//
// Precision: half operands are widened to float32 and every step rounds to float32: alpha * x, + gx, * c;
// rowsum adds the first originalHLength values in 64-lane binary trees (neighbours first, zeros for the
// lanes a partial group lacks), then the group sums the same way, until one value is left; with
// isBasicBlock it adds all hLength values as LayerNorm does (lane j accumulates j, 64 + j, ... in order, then
// one 64-lane tree).  x1 - mean, its square, * c; variance + epsilon, the square root, 1 / the root,
// (x1 - mean) * it, * gamma, + beta.  Half results round to nearest even.
//
// Checks at run time: LayerNorm's (the tiling, the shape within the operands, the temporary buffer and the
// overlaps, gx as a source), hLength and the sizes of gamma and beta at most 2040, originalHLength above 1,
// dst not overlapping src without isReuseSrc, and isBasicBlock's shape rule.
#pragma once

#include "adv_api/normalization/layernorm.h"

namespace ascx_emu {
namespace lib {

/// The sum of the first ``n`` (> 1) float32 values in DeepNorm's order: 64-lane trees, repeated.
inline float deepnorm_row_sum(const float* v, uint64_t n) {
    std::vector<float> level(v, v + n);
    while (level.size() > 1) {
        std::vector<float> next((level.size() + 63) / 64);
        for (uint64_t k = 0; k < next.size(); ++k) {
            float lane[64] = {};
            for (uint64_t j = 0; j < 64 && 64 * k + j < level.size(); ++j) {
                lane[j] = level[64 * k + j];
            }
            for (uint64_t w = 64; w > 1; w /= 2) {
                for (uint64_t i = 0; i < w / 2; ++i) {
                    lane[i] = f32(static_cast<double>(lane[2 * i]) + lane[2 * i + 1]);
                }
            }
            next[k] = lane[0];
        }
        level.swap(next);
    }
    return level[0];
}

template <typename T, bool isReuseSrc, bool isBasicBlock>
void deepnorm(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& meanLocal,
              const AscendC::LocalTensor<T>& rstdLocal, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<T>& gx, const AscendC::LocalTensor<T>& beta,
              const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<uint8_t>* tmp, T alpha, T epsilon,
              DeepNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "DeepNorm takes half or float");
    const char* api = "DeepNorm";
    constexpr bool reuse = isReuseSrc && std::is_same_v<T, float>;
    if (isReuseSrc && !reuse) {
        fail("DeepNorm: isReuseSrc=true is not supported for half (CANN's DeepNorm check rejects it)");
    }
    if (tiling.oneTmpSize == 0) {
        fail("DeepNorm: the tiling's oneTmpSize is 0 (CANN: the reduce axis is too long for the temporary buffer); "
             "fill the tiling with GetDeepNormTilingInfo");
    }
    const uint64_t h = tiling.hLength;
    const uint64_t oh = tiling.originalHLength;
    if (h == 0 || h * sizeof(T) % 32 != 0 || h > 2040) {
        fail("DeepNorm: the tiling's hLength %llu is not 32-byte aligned and at most 2040; the last axis must be",
             static_cast<unsigned long long>(h));
    }
    if (oh <= 1 || oh > h) {
        fail("DeepNorm: the tiling's originalHLength %llu is not in (1, hLength %llu] (with 1 CANN's DeepNorm writes "
             "no mean or variance)",
             static_cast<unsigned long long>(oh), static_cast<unsigned long long>(h));
    }
    if (isBasicBlock && !(h % 64 == 0 && oh % 64 == 0 && uint64_t{tiling.bLength} * tiling.sLength % 8 == 0)) {
        fail("DeepNorm: when isBasicBlock is true, input must have hLength %% 64 = 0, originalHLength %% 64 = 0 and "
             "(bLength * sLength) %% 8 = 0; the tiling has [%u, %u, %u] with originalHLength %u",
             tiling.bLength, tiling.sLength, tiling.hLength, tiling.originalHLength);
    }
    const auto whole_rows = [&](uint64_t elements, uint64_t rows, const char* what) {
        if (elements != rows * h || elements > tiling.oneTmpSize) {
            fail("DeepNorm: the tiling's %s (%llu elements, %llu rows of hLength %llu) is not whole rows of at most "
                 "oneTmpSize %u elements",
                 what, static_cast<unsigned long long>(elements), static_cast<unsigned long long>(rows),
                 static_cast<unsigned long long>(h), tiling.oneTmpSize);
        }
    };
    const uint64_t last_area = reuse ? tiling.secondTmpStartPos : tiling.thirdTmpStartPos;
    if (last_area + tiling.oneTmpSize > tiling.tmpBufSize) {
        fail("DeepNorm: the tiling's work areas end at float %llu, beyond its tmpBufSize %u",
             static_cast<unsigned long long>(last_area + tiling.oneTmpSize), tiling.tmpBufSize);
    }
    uint64_t x_end = 0;
    uint64_t mv_end = 0;
    if (tiling.loopRound > 0) {
        whole_rows(tiling.bshCurLength, tiling.bsCurLength, "round (bshCurLength, bsCurLength)");
        x_end = uint64_t{tiling.loopRound - 1} * tiling.inputRoundSize + tiling.bshCurLength;
        mv_end = uint64_t{tiling.loopRound - 1} * tiling.meanVarRoundSize + tiling.bsCurLength;
    }
    if (tiling.inputTailSize > 0) {
        whole_rows(tiling.inputTailSize, tiling.meanVarTailSize, "tail (inputTailSize, meanVarTailSize)");
        x_end = std::max<uint64_t>(x_end, uint64_t{tiling.inputTailPos} + tiling.inputTailSize);
        mv_end = std::max<uint64_t>(mv_end, uint64_t{tiling.meanVarTailPos} + tiling.meanVarTailSize);
    }
    if (std::is_same_v<T, half> && mv_end != tiling.meanVarSize) {
        fail("DeepNorm: the tiling's rounds cover %llu rows, but its meanVarSize is %u (half DeepNorm converts "
             "meanVarSize means and variances; a tiling reused after a call with a tail has the tail's "
             "bshCurLength and bsCurLength)",
             static_cast<unsigned long long>(mv_end), tiling.meanVarSize);
    }
    check_count(src, x_end, "srcLocal (the rows of the tiling)", api);
    check_count(gx, x_end, "gxLocal (the rows of the tiling)", api);
    check_count(dst, x_end, "dstLocal (the rows of the tiling)", api);
    check_count(meanLocal, mv_end, "meanLocal (a value per row of the tiling)", api);
    check_count(rstdLocal, mv_end, "rstdLocal (a value per row of the tiling)", api);
    check_count(gamma, h, "gammaLocal (hLength of the tiling)", api);
    check_count(beta, h, "betaLocal (hLength of the tiling)", api);
    for (const auto& [t, name] : {std::pair{&beta, "betaLocal"}, std::pair{&gamma, "gammaLocal"}}) {
        const uint64_t size = t->GetSize();
        if (size * sizeof(T) % 32 != 0 || size > 2040) {
            fail("DeepNorm: %s has %llu elements; CANN needs it 32-byte aligned and at most 2040 elements", name,
                 static_cast<unsigned long long>(size));
        }
    }
    const Range dst_r = range_of(dst, x_end);
    const Range src_r = range_of(src, x_end);
    const Range gx_r = range_of(gx, x_end);
    const Range mean_r = range_of(meanLocal, mv_end);
    const Range rstd_r = range_of(rstdLocal, mv_end);
    const Range g_r = range_of(gamma, h);
    const Range b_r = range_of(beta, h);
    no_overlap(mean_r, "meanLocal", rstd_r, "rstdLocal", api);
    for (const auto& [r, name] : {std::pair{dst_r, "dstLocal"}, std::pair{src_r, "srcLocal"},
                                  std::pair{gx_r, "gxLocal"}, std::pair{g_r, "gammaLocal"},
                                  std::pair{b_r, "betaLocal"}}) {
        no_overlap(mean_r, "meanLocal", r, name, api);
        no_overlap(rstd_r, "rstdLocal", r, name, api);
    }
    no_overlap(dst_r, "dstLocal", g_r, "gammaLocal", api);
    no_overlap(dst_r, "dstLocal", b_r, "betaLocal", api);
    no_overlap(dst_r, "dstLocal", gx_r, "gxLocal", api);
    if (!reuse) {
        no_overlap(dst_r, "dstLocal", src_r, "srcLocal (CANN: without isReuseSrc they may not share memory)", api);
    } else if (dst.GetPhyAddr() != src.GetPhyAddr() || dst.memory() != src.memory()) {
        no_overlap(dst_r, "dstLocal", src_r, "srcLocal (dstLocal may be srcLocal itself)", api);
    }
    if (tmp != nullptr) {
        if (uint64_t{tmp->GetSize()} / 4 < tiling.tmpBufSize) {
            fail("DeepNorm: the temporary buffer has %u bytes, fewer than the tiling's tmpBufSize %u float32 "
                 "elements",
                 tmp->GetSize(), tiling.tmpBufSize);
        }
        const Range t = range_of(*tmp, tmp->GetSize());
        for (const auto& [r, name] : {std::pair{dst_r, "dstLocal"}, std::pair{src_r, "srcLocal"},
                                      std::pair{gx_r, "gxLocal"}, std::pair{mean_r, "meanLocal"},
                                      std::pair{rstd_r, "rstdLocal"}, std::pair{g_r, "gammaLocal"},
                                      std::pair{b_r, "betaLocal"}}) {
            no_overlap(t, "sharedTmpBuffer", r, name, api);
        }
    }
    reads(src, x_end, api);
    reads(gx, x_end, api);
    reads(gamma, h, api);
    reads(beta, h, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    if constexpr (reuse) {
        writes(src, x_end, api);
    }
    writes(dst, x_end, api);
    writes(meanLocal, mv_end, api);
    writes(rstdLocal, mv_end, api);

    T* x = src.data();
    const T* g2 = gx.data();
    T* out = dst.data();
    const T* g = gamma.data();
    const T* bt = beta.data();
    const float c = tiling.lastDimValueBack;
    const float a = load(alpha);
    const float eps = load(epsilon);
    std::vector<float> means(std::is_same_v<T, half> ? mv_end : 0);
    std::vector<float> variances(means.size());
    std::vector<float> x1(h), scaled(h), diff(h);
    const auto sum = [&](const float* v) {
        return isBasicBlock ? layernorm_row_sum(v, h) : deepnorm_row_sum(v, oh);
    };
    const auto round = [&](uint64_t x_at, uint64_t mv_at, uint64_t rows) {
        for (uint64_t r = 0; r < rows; ++r) {
            const uint64_t at = x_at + r * h;
            for (uint64_t j = 0; j < h; ++j) {
                x1[j] = f32(static_cast<double>(f32(static_cast<double>(load(x[at + j])) * a)) + load(g2[at + j]));
                scaled[j] = f32(static_cast<double>(x1[j]) * c);
            }
            const float mean = sum(scaled.data());
            for (uint64_t j = 0; j < h; ++j) {
                diff[j] = f32(static_cast<double>(x1[j]) - mean);
                scaled[j] = f32(static_cast<double>(f32(static_cast<double>(diff[j]) * diff[j])) * c);
            }
            const float variance = sum(scaled.data());
            const float root = f32(std::sqrt(static_cast<double>(f32(static_cast<double>(variance) + eps))));
            const float inv = f32(1.0 / root);
            for (uint64_t j = 0; j < h; ++j) {
                const float y = f32(static_cast<double>(diff[j]) * inv);
                const float scaled_y = f32(static_cast<double>(y) * load(g[j]));
                if constexpr (reuse) {
                    x[r * h + j] = scaled_y;  // the reused source is the first work area, from its start
                }
                out[at + j] = store<T>(static_cast<double>(scaled_y) + load(bt[j]));
            }
            if constexpr (std::is_same_v<T, half>) {
                means[mv_at + r] = mean;
                variances[mv_at + r] = variance;
            } else {
                meanLocal.data()[mv_at + r] = mean;
                rstdLocal.data()[mv_at + r] = variance;
            }
        }
    };
    for (uint64_t k = 0; k < tiling.loopRound; ++k) {
        round(k * tiling.inputRoundSize, k * tiling.meanVarRoundSize, tiling.bsCurLength);
    }
    if (tiling.inputTailSize > 0) {
        tiling.bshCurLength = tiling.inputTailSize;
        tiling.bsCurLength = tiling.meanVarTailSize;
        round(tiling.inputTailPos, tiling.meanVarTailPos, tiling.meanVarTailSize);
    }
    if constexpr (std::is_same_v<T, half>) {
        for (uint64_t i = 0; i < mv_end; ++i) {
            meanLocal.data()[i] = store<T>(means[i]);
            rstdLocal.data()[i] = store<T>(variances[i]);
        }
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, const T alpha,
              const T epsilon, DeepNormTiling& tiling) {
    ASCX_COVER_FORM("DeepNorm", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, T, T, DeepNormTiling");
    ascx_emu::lib::deepnorm<T, isReuseSrc, isBasicBlock>(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                                                         gammaLocal, &sharedTmpBuffer, alpha, epsilon, tiling);
}

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon, DeepNormTiling& tiling) {
    ASCX_COVER_FORM("DeepNorm", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, T, T, DeepNormTiling");
    ascx_emu::lib::deepnorm<T, isReuseSrc, isBasicBlock>(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                                                         gammaLocal, nullptr, alpha, epsilon, tiling);
}

}  // namespace AscendC

// ascx host emulation of LayerNorm, the form with mean and variance and a LayerNormTiling
// (adv_api/normalization/layernorm.h): for each row of hLength elements of a [bLength, sLength, hLength]
// input, with c = the tiling's lastDimValueBack (1 / originalHLength),
//
//     mean     = rowsum(x * c)
//     variance = rowsum((x - mean)^2 * c)
//     output   = 1 / sqrt(variance + epsilon) * (x - mean) * gamma + beta
//
// processed as the tiling says: loopRound rounds of bsCurLength rows (bshCurLength elements) at
// multiples of inputRoundSize / meanVarRoundSize, then a tail of meanVarTailSize rows at inputTailPos /
// meanVarTailPos, for which the call sets the tiling's bshCurLength and bsCurLength (the tiling is taken
// by reference, and a later call with the same struct starts from those values).  With isReuseSource
// (float only) the source from its start is the first work area: after each round its first
// bshCurLength elements hold that round's (x - mean) / sqrt(variance + epsilon) * gamma, so an output
// that is the source itself keeps those values in place of the earlier rounds' results.  Clean-room.
//
// Precision: half inputs, gamma and beta are widened to float32, and every step rounds to float32:
// the products x * c; rowsum adds the 64 lanes of a row block by block (lane j accumulates elements
// j, 64 + j, 128 + j, ... in order, the partial last block last), then adds the 64 lanes as a binary
// tree (neighbours first; a row of h <= 64 elements is that tree over its h lanes and zeros); x - mean,
// its square, times c; variance + epsilon, its square root, 1 / the root, times (x - mean), times gamma,
// plus beta.  Half results (output, mean, variance) round to nearest even.
//
// Checks at run time: half takes no isReuseSource; the tiling's oneTmpSize is positive, its last axis
// 32-byte aligned, its rounds whole rows of at most oneTmpSize elements, its work areas within
// tmpBufSize; the shape fits src, output, mean and variance; gamma and beta hold hLength elements and
// a whole number of 32-byte blocks; the temporary buffer holds tmpBufSize float32 elements and overlaps
// no operand; mean and variance overlap no other operand; output is src itself or overlaps no operand.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "ascx_emu/lib_common.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {
namespace lib {

/// The sum of one row of ``h`` float32 values in LayerNorm's order (see the head of this file).
inline float layernorm_row_sum(const float* v, uint64_t h) {
    constexpr uint64_t LANES = 64;
    float lane[LANES] = {};
    if (h > LANES) {
        for (uint64_t j = 0; j < LANES; ++j) {
            lane[j] = v[j];
        }
        const uint64_t whole = h / LANES;
        for (uint64_t k = 1; k < whole; ++k) {
            for (uint64_t j = 0; j < LANES; ++j) {
                lane[j] = f32(static_cast<double>(v[k * LANES + j]) + lane[j]);
            }
        }
        for (uint64_t j = 0; j < h % LANES; ++j) {
            lane[j] = f32(static_cast<double>(v[whole * LANES + j]) + lane[j]);
        }
    } else {
        for (uint64_t j = 0; j < h; ++j) {
            lane[j] = v[j];
        }
    }
    for (uint64_t n = LANES; n > 1; n /= 2) {
        for (uint64_t i = 0; i < n / 2; ++i) {
            lane[i] = f32(static_cast<double>(lane[2 * i]) + lane[2 * i + 1]);
        }
    }
    return lane[0];
}

template <typename T, bool isReuseSource>
void layernorm(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<T>& outputMean,
               const AscendC::LocalTensor<T>& outputVariance, const AscendC::LocalTensor<T>& inputX,
               const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
               const AscendC::LocalTensor<uint8_t>* tmp, T epsilon, LayerNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "LayerNorm takes half or float");
    const char* api = "LayerNorm";
    constexpr bool reuse = isReuseSource && std::is_same_v<T, float>;
    if (isReuseSource && !reuse) {
        fail("LayerNorm: isReuseSource=true is not supported for half (CANN's LayerNorm check rejects it)");
    }
    if (tiling.oneTmpSize == 0) {
        fail("LayerNorm: the tiling's oneTmpSize is 0 (CANN: tiling.oneTmpSize must > 0); fill the tiling with "
             "GetLayerNormNDTilingInfo");
    }
    const uint64_t h = tiling.hLength;
    if (h == 0 || h * sizeof(T) % 32 != 0) {
        fail("LayerNorm: the tiling's hLength %llu is not 32-byte aligned; the last axis must be",
             static_cast<unsigned long long>(h));
    }
    const auto whole_rows = [&](uint64_t elements, uint64_t rows, const char* what) {
        if (elements != rows * h || elements > tiling.oneTmpSize) {
            fail("LayerNorm: the tiling's %s (%llu elements, %llu rows of hLength %llu) is not whole rows of at "
                 "most oneTmpSize %u elements",
                 what, static_cast<unsigned long long>(elements), static_cast<unsigned long long>(rows),
                 static_cast<unsigned long long>(h), tiling.oneTmpSize);
        }
    };
    const uint64_t last_area = reuse ? tiling.secondTmpStartPos : tiling.thirdTmpStartPos;
    if (last_area + tiling.oneTmpSize > tiling.tmpBufSize) {
        fail("LayerNorm: the tiling's work areas end at float %llu, beyond its tmpBufSize %u",
             static_cast<unsigned long long>(last_area + tiling.oneTmpSize), tiling.tmpBufSize);
    }
    // The extent of the rounds and of the tail.
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
        fail("LayerNorm: the tiling's rounds cover %llu rows, but its meanVarSize is %u (half LayerNorm converts "
             "meanVarSize means and variances; a tiling reused after a call with a tail has the tail's "
             "bshCurLength and bsCurLength)",
             static_cast<unsigned long long>(mv_end), tiling.meanVarSize);
    }
    const uint64_t mv_count = mv_end;
    check_count(inputX, x_end, "inputX (the rows of the tiling)", api);
    check_count(output, x_end, "output (the rows of the tiling)", api);
    check_count(outputMean, mv_count, "outputMean (a value per row of the tiling)", api);
    check_count(outputVariance, mv_count, "outputVariance (a value per row of the tiling)", api);
    check_count(gamma, h, "gamma (hLength of the tiling)", api);
    check_count(beta, h, "beta (hLength of the tiling)", api);
    for (const auto& [t, name] : {std::pair{&gamma, "gamma"}, std::pair{&beta, "beta"}}) {
        if (uint64_t{t->GetSize()} * sizeof(T) % 32 != 0) {
            fail("LayerNorm: %s has %llu bytes, not a multiple of 32 (CANN: the %s length should be 32B aligned)",
                 name, static_cast<unsigned long long>(uint64_t{t->GetSize()} * sizeof(T)), name);
        }
    }
    const Range out_r = range_of(output, x_end);
    const Range x_r = range_of(inputX, x_end);
    const Range mean_r = range_of(outputMean, mv_count);
    const Range var_r = range_of(outputVariance, mv_count);
    const Range g_r = range_of(gamma, h);
    const Range b_r = range_of(beta, h);
    no_overlap(mean_r, "outputMean", var_r, "outputVariance", api);
    for (const auto& [r, name] : {std::pair{out_r, "output"}, std::pair{x_r, "inputX"}, std::pair{g_r, "gamma"},
                                  std::pair{b_r, "beta"}}) {
        no_overlap(mean_r, "outputMean", r, name, api);
        no_overlap(var_r, "outputVariance", r, name, api);
    }
    no_overlap(out_r, "output", g_r, "gamma", api);
    no_overlap(out_r, "output", b_r, "beta", api);
    if (output.GetPhyAddr() != inputX.GetPhyAddr() || output.memory() != inputX.memory()) {
        no_overlap(out_r, "output", x_r, "inputX (output may be inputX itself)", api);
    }
    if (tmp != nullptr) {
        if (uint64_t{tmp->GetSize()} / 4 < tiling.tmpBufSize) {
            fail("LayerNorm: the temporary buffer has %u bytes, fewer than the tiling's tmpBufSize %u float32 "
                 "elements",
                 tmp->GetSize(), tiling.tmpBufSize);
        }
        const Range t = range_of(*tmp, tmp->GetSize());
        for (const auto& [r, name] : {std::pair{out_r, "output"}, std::pair{x_r, "inputX"}, std::pair{mean_r,
                                      "outputMean"}, std::pair{var_r, "outputVariance"}, std::pair{g_r, "gamma"},
                                      std::pair{b_r, "beta"}}) {
            no_overlap(t, "sharedTmpBuffer", r, name, api);
        }
    }
    reads(inputX, x_end, api);
    reads(gamma, h, api);
    reads(beta, h, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    if constexpr (reuse) {
        writes(inputX, x_end, api);
    }
    writes(output, x_end, api);
    writes(outputMean, mv_count, api);
    writes(outputVariance, mv_count, api);

    T* x = inputX.data();
    T* out = output.data();
    const T* g = gamma.data();
    const T* bt = beta.data();
    const float c = tiling.lastDimValueBack;
    const float eps = load(epsilon);
    std::vector<float> means(std::is_same_v<T, half> ? mv_count : 0);
    std::vector<float> variances(means.size());
    std::vector<float> xs(h), scaled(h), diff(h);
    const auto round = [&](uint64_t x_at, uint64_t mv_at, uint64_t rows) {
        for (uint64_t r = 0; r < rows; ++r) {
            const uint64_t at = x_at + r * h;
            for (uint64_t j = 0; j < h; ++j) {
                xs[j] = load(x[at + j]);
                scaled[j] = f32(static_cast<double>(xs[j]) * c);
            }
            const float mean = layernorm_row_sum(scaled.data(), h);
            for (uint64_t j = 0; j < h; ++j) {
                diff[j] = f32(static_cast<double>(xs[j]) - mean);
                const float square = f32(static_cast<double>(diff[j]) * diff[j]);
                scaled[j] = f32(static_cast<double>(square) * c);
            }
            const float variance = layernorm_row_sum(scaled.data(), h);
            const float root = f32(std::sqrt(static_cast<double>(f32(static_cast<double>(variance) + eps))));
            const float inv = f32(1.0 / root);
            for (uint64_t j = 0; j < h; ++j) {
                const float y = f32(static_cast<double>(inv) * diff[j]);
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
                outputMean.data()[mv_at + r] = mean;
                outputVariance.data()[mv_at + r] = variance;
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
        for (uint64_t i = 0; i < mv_count; ++i) {
            outputMean.data()[i] = store<T>(means[i]);
            outputVariance.data()[i] = store<T>(variances[i]);
        }
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, LayerNormTiling& tiling) {
    ASCX_COVER_FORM("LayerNorm", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, T, LayerNormTiling");
    ascx_emu::lib::layernorm<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta,
                                               &sharedTmpBuffer, epsilon, tiling);
}

template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const T epsilon, LayerNormTiling& tiling) {
    ASCX_COVER_FORM("LayerNorm", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, T, LayerNormTiling");
    ascx_emu::lib::layernorm<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta, nullptr,
                                               epsilon, tiling);
}

}  // namespace AscendC

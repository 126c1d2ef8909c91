// ascx host emulation: debug output and shapes: printf, DumpTensor, InitDump, ShapeInfo and
// GetShapeSize.  printf and DumpTensor write to the host's stdout, in core order (base.h's print_text).
#pragma once

#include <string>

#include "ascx_emu/convert.h"
#include "ascx_emu/tensor.h"

namespace AscendC {

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };

constexpr int32_t K_MAX_SHAPE_DIM = 8;

/// The shape of a tensor (1 to 8 dimensions) and its original shape, for DumpTensor and GetShapeSize.
struct ShapeInfo {
    ShapeInfo() {}
    ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
              const uint32_t inputOriginalShape[], const DataFormat inputFormat)
        : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
        copy_dims(shape, inputShape, inputShapeDim);
        copy_dims(originalShape, inputOriginalShape, inputOriginalShapeDim);
    }
    ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat = DataFormat::ND)
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}

    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM] = {};
    uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;

private:
    static void copy_dims(uint32_t* to, const uint32_t* from, uint8_t dims) {
        if (dims > K_MAX_SHAPE_DIM) {
            ascx_emu::fail("ShapeInfo: a shape has 1 to %d dimensions, got %u", static_cast<int>(K_MAX_SHAPE_DIM),
                           static_cast<unsigned>(dims));
        }
        for (uint8_t i = 0; i < dims; ++i) {
            to[i] = from[i];
        }
    }
};

/// The product of the dimensions of ``shapeInfo``'s shape.
inline int GetShapeSize(const ShapeInfo& shapeInfo) {
    ASCX_COVER("GetShapeSize");
    int64_t size = 1;
    for (uint8_t i = 0; i < shapeInfo.shapeDim; ++i) {
        size *= shapeInfo.shape[i];
    }
    return static_cast<int>(size);
}

}  // namespace AscendC

namespace ascx_emu {

// --- printf ---------------------------------------------------------------------------------------
//
// Each argument is captured with its kind; the format is then replayed one conversion at a time,
// each converted to the C type the host's snprintf expects for it (so ``%d`` prints an int64_t, a
// half, or a bool correctly, as the device printf does).

struct PrintArg {
    enum class Kind : uint8_t { NONE, SIGNED, UNSIGNED, FLOATING, POINTER, STRING };
    Kind kind = Kind::NONE;
    long long i = 0;
    unsigned long long u = 0;
    double d = 0;
    const void* p = nullptr;

    long long as_signed() const {
        switch (kind) {
            case Kind::UNSIGNED: return static_cast<long long>(u);
            case Kind::FLOATING: return static_cast<long long>(d);
            case Kind::POINTER:
            case Kind::STRING: return static_cast<long long>(reinterpret_cast<intptr_t>(p));
            default: return i;
        }
    }
    unsigned long long as_unsigned() const {
        return kind == Kind::UNSIGNED ? u : static_cast<unsigned long long>(as_signed());
    }
    double as_double() const {
        switch (kind) {
            case Kind::FLOATING: return d;
            case Kind::UNSIGNED: return static_cast<double>(u);
            default: return static_cast<double>(as_signed());
        }
    }
};

template <typename A>
PrintArg print_arg(const A& value) {
    using T = std::decay_t<A>;
    PrintArg arg;
    if constexpr (std::is_same_v<T, bool> || std::is_enum_v<T>) {
        arg.kind = PrintArg::Kind::SIGNED;
        arg.i = static_cast<long long>(value);
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        arg.kind = PrintArg::Kind::SIGNED;
        arg.i = value;
    } else if constexpr (std::is_integral_v<T>) {
        arg.kind = PrintArg::Kind::UNSIGNED;
        arg.u = value;
    } else if constexpr (is_floating_v<T>) {
        arg.kind = PrintArg::Kind::FLOATING;
        arg.d = to_double(value);
    } else if constexpr (std::is_same_v<T, char*> || std::is_same_v<T, const char*>) {
        arg.kind = PrintArg::Kind::STRING;
        arg.p = value;
    } else {
        static_assert(std::is_pointer_v<T>, "printf prints numbers, strings and pointers");
        arg.kind = PrintArg::Kind::POINTER;
        arg.p = static_cast<const void*>(value);
    }
    return arg;
}

/// ``snprintf(spec, value)`` appended to ``out``.
template <typename V>
void append_formatted(std::string& out, const std::string& spec, V value) {
    const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
    if (n <= 0) {
        return;
    }
    std::vector<char> buffer(static_cast<size_t>(n) + 1);
    std::snprintf(buffer.data(), buffer.size(), spec.c_str(), value);
    out.append(buffer.data(), static_cast<size_t>(n));
}

inline std::string format_print(const char* format, const PrintArg* args, size_t count) {
    std::string out;
    size_t next = 0;
    auto take = [&]() -> const PrintArg* { return next < count ? &args[next++] : nullptr; };
    for (const char* c = format; *c != '\0'; ++c) {
        if (*c != '%') {
            out.push_back(*c);
            continue;
        }
        const char* start = c++;
        if (*c == '%') {
            out.push_back('%');
            continue;
        }
        std::string spec = "%";
        while (*c != '\0' && std::strchr("-+ #0", *c) != nullptr) {
            spec.push_back(*c++);
        }
        for (int part = 0; part < 2; ++part) {  // width, then precision
            if (part == 1) {
                if (*c != '.') {
                    break;
                }
                spec.push_back(*c++);
            }
            if (*c == '*') {
                const PrintArg* star = take();
                spec += std::to_string(star != nullptr ? star->as_signed() : 0);
                ++c;
            }
            while (*c >= '0' && *c <= '9') {
                spec.push_back(*c++);
            }
        }
        while (*c != '\0' && std::strchr("hlLqjzt", *c) != nullptr) {
            ++c;  // length modifiers: the value is passed at full width below
        }
        if (*c == '\0') {
            out.append(start);
            break;
        }
        const char conversion = *c;
        const PrintArg* arg = std::strchr("diuoxXfFeEgGaAcsp", conversion) != nullptr ? take() : nullptr;
        if (arg == nullptr) {
            out.append(start, static_cast<size_t>(c - start + 1));  // unknown conversion or missing argument
            continue;
        }
        switch (conversion) {
            case 'd':
            case 'i': append_formatted(out, spec + "lld", arg->as_signed()); break;
            case 'u':
            case 'o':
            case 'x':
            case 'X': append_formatted(out, spec + "ll" + conversion, arg->as_unsigned()); break;
            case 'c': append_formatted(out, spec + "c", static_cast<int>(arg->as_signed())); break;
            case 's':
                append_formatted(out, spec + "s",
                                 arg->kind == PrintArg::Kind::STRING ? static_cast<const char*>(arg->p) : "(not a string)");
                break;
            case 'p': append_formatted(out, spec + "p", arg->p); break;
            default: append_formatted(out, spec + conversion, arg->as_double()); break;
        }
    }
    return out;
}

// --- DumpTensor -----------------------------------------------------------------------------------

constexpr uint32_t DUMP_PRINTED_ELEMENTS = 64;  ///< a dump prints at most this many elements

template <typename T>
const char* type_name() {
    if constexpr (std::is_same_v<T, half>) return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
    else if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, double>) return "double";
    else if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
    else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
    else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
    else if constexpr (std::is_same_v<T, uint16_t>) return "uint16_t";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
    else if constexpr (std::is_same_v<T, uint32_t>) return "uint32_t";
    else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
    else if constexpr (std::is_same_v<T, uint64_t>) return "uint64_t";
    else return "?";
}

template <typename T>
void dump_elements(const char* where, uint32_t desc, const T* data, uint64_t shown, uint32_t requested,
                   const AscendC::ShapeInfo* shape) {
    std::string line = "DumpTensor desc=" + std::to_string(desc) + " (" + where + ", " + type_name<T>() + ", " +
                       std::to_string(requested) + " elements";
    if (shown < requested) {
        line += ", " + std::to_string(shown) + " in the tensor";
    }
    if (shape != nullptr) {
        line += ", shape [";
        for (uint8_t i = 0; i < shape->shapeDim; ++i) {
            line += (i > 0 ? ", " : "") + std::to_string(shape->shape[i]);
        }
        line += "]";
    }
    line += "): [";
    const uint64_t printed = shown < DUMP_PRINTED_ELEMENTS ? shown : DUMP_PRINTED_ELEMENTS;
    for (uint64_t i = 0; i < printed; ++i) {
        if (i > 0) {
            line += ", ";
        }
        if constexpr (is_floating_v<T>) {
            append_formatted(line, "%g", to_double(data[i]));
        } else if constexpr (std::is_signed_v<T>) {
            line += std::to_string(static_cast<long long>(data[i]));
        } else {
            line += std::to_string(static_cast<unsigned long long>(data[i]));
        }
    }
    if (printed < shown) {
        line += ", ... (" + std::to_string(shown - printed) + " more)";
    }
    line += "]\n";
    print_text(line);
}

}  // namespace ascx_emu

namespace AscendC {

/// The device printf, on the host's stdout.
template <class... Args>
void printf(__gm__ const char* fmt, Args&&... args) {
    const ascx_emu::PrintArg list[] = {ascx_emu::print_arg(args)..., ascx_emu::PrintArg{}};
    ascx_emu::print_text(ascx_emu::format_print(fmt, list, sizeof...(Args)));
}

/// ``dumpSize`` elements of a tensor (as many as it has), labelled ``desc``.
template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    ASCX_COVER_FORM("DumpTensor", "LocalTensor, uint32_t, uint32_t");
    const uint64_t shown = dumpSize < tensor.GetSize() ? dumpSize : tensor.GetSize();
    ascx_emu::dump_elements(ascx_emu::memory_name(tensor.memory()), desc, tensor.span(shown, "DumpTensor"), shown,
                            dumpSize, nullptr);
}

template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    ASCX_COVER_FORM("DumpTensor", "GlobalTensor, uint32_t, uint32_t");
    const uint64_t shown = dumpSize < tensor.GetSize() ? dumpSize : tensor.GetSize();
    ascx_emu::dump_elements("GM", desc, tensor.span(shown, "DumpTensor"), shown, dumpSize, nullptr);
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shapeInfo) {
    ASCX_COVER_FORM("DumpTensor", "LocalTensor, uint32_t, uint32_t, ShapeInfo");
    const uint64_t shown = dumpSize < tensor.GetSize() ? dumpSize : tensor.GetSize();
    ascx_emu::dump_elements(ascx_emu::memory_name(tensor.memory()), desc, tensor.span(shown, "DumpTensor"), shown,
                            dumpSize, &shapeInfo);
}

template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shapeInfo) {
    ASCX_COVER_FORM("DumpTensor", "GlobalTensor, uint32_t, uint32_t, ShapeInfo");
    const uint64_t shown = dumpSize < tensor.GetSize() ? dumpSize : tensor.GetSize();
    ascx_emu::dump_elements("GM", desc, tensor.span(shown, "DumpTensor"), shown, dumpSize, &shapeInfo);
}

/// The dump buffer set-up of the device runtime: nothing to do on the host.
inline void InitDump(bool mixFlag, GM_ADDR dumpStartAddr, uint32_t dumpSize) {
    ASCX_COVER_FORM("InitDump", "bool, GM_ADDR, uint32_t");
    (void)mixFlag;
    (void)dumpStartAddr;
    (void)dumpSize;
}

inline void InitDump(bool mixFlag, uint32_t gmLen) {
    ASCX_COVER_FORM("InitDump", "bool, uint32_t");
    (void)mixFlag;
    (void)gmLen;
}

}  // namespace AscendC

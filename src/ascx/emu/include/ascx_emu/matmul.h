// ascx host emulation: the Matmul alias, REGIST_MATMUL_OBJ and InitCurObj (docs/emulation.md#what-the-headers-provide
// sections 3.3, 5.8 and 7).
//
// Which class Matmul names follows the build (docs/emulation.md#what-the-headers-provide):
//   -DEMU_AIC without ASCENDC_CUBE_ONLY  -> MatmulServiceAux (MIX AIC side: no-ops, the macro returns;
//                                         in MixDualMaster mode it computes and the kernel runs on)
//   -DEMU_AIV                            -> MatmulClient     (MIX AIV side, backed by the engine)
//   -DEMU_AIC with ASCENDC_CUBE_ONLY     -> MatmulImpl       (cube-only, backed by the engine)
//   neither mode macro                   -> MatmulImpl
#pragma once

#include <cstring>
#include <type_traits>

#include "ascx_emu/matmul_client.h"
#include "ascx_emu/matmul_engine.h"
#include "ascx_emu/matmul_impl.h"
#include "ascx_emu/matmul_service.h"
#include "ascx_emu/matmul_types.h"

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
#if defined(EMU_AIV)
using Matmul = MatmulClient<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
#elif defined(EMU_AIC) && !defined(ASCENDC_CUBE_ONLY)
using Matmul = MatmulServiceAux<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
#else
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
#endif

}  // namespace AscendC

namespace ascx_emu {

// ---------------------------------------------------------------------------------------------------
// REGIST_MATMUL_OBJ(tpipe, workspace, obj0[, &tiling0][, obj1, &tiling1 ...]): pointer arguments
// are the tilings of the object before them.

template <class T>
constexpr bool is_tiling_arg_v = std::is_pointer_v<std::decay_t<T>>;

template <class... Args>
constexpr int matmul_object_count() {
    return ((is_tiling_arg_v<Args> ? 0 : 1) + ... + 0);
}

template <class... Args>
constexpr int matmul_tiling_count() {
    return ((is_tiling_arg_v<Args> ? 1 : 0) + ... + 0);
}

template <class T>
constexpr int mix_dual_master_of() {
    if constexpr (is_tiling_arg_v<T>) {
        return -1;
    } else {
        return std::decay_t<T>::ascx_mix_dual_master ? 1 : 0;
    }
}

template <class... Args>
constexpr bool mix_dual_master_agrees() {
    constexpr int values[] = {mix_dual_master_of<Args>()...};
    int seen = -1;
    for (int v : values) {
        if (v >= 0) {
            if (seen >= 0 && v != seen) {
                return false;
            }
            seen = v;
        }
    }
    return true;
}

template <class... Args>
constexpr bool tilings_are_cube_tilings() {
    return ((!is_tiling_arg_v<Args> ||
             std::is_same_v<std::remove_cv_t<std::remove_pointer_t<std::decay_t<Args>>>, TCubeTiling>) &&
            ...);
}

/// The checks every expansion of REGIST_MATMUL_OBJ makes (docs/emulation.md#what-the-headers-provide).
template <class... Args>
inline void check_regist(const void* workspace, Args&&...) {
    static_assert(matmul_object_count<Args...>() >= 1, "REGIST_MATMUL_OBJ needs at least one Matmul object");
    static_assert(matmul_object_count<Args...>() <= 4, "REGIST_MATMUL_OBJ registers at most 4 Matmul objects");
    static_assert(tilings_are_cube_tilings<Args...>(), "REGIST_MATMUL_OBJ: tilings are passed as TCubeTiling*");
    static_assert(matmul_object_count<Args...>() == 1 || matmul_tiling_count<Args...>() == matmul_object_count<Args...>(),
                  "REGIST_MATMUL_OBJ: with several Matmul objects every object needs its tiling");
    static_assert(mix_dual_master_agrees<Args...>(),
                  "REGIST_MATMUL_OBJ: enableMixDualMaster must be the same for all Matmul objects");
    if (workspace == nullptr) {
        fail("REGIST_MATMUL_OBJ: the workspace pointer is null");
    }
}

/// The i-th argument's text in the stringised argument list (for error messages).
inline void argument_text(const char* list, int index, const char*& begin, size_t& length) {
    int depth = 0;
    int current = 0;
    const char* start = list;
    for (const char* p = list;; ++p) {
        if (*p == '(' || *p == '<' || *p == '[') {
            ++depth;
        } else if (*p == ')' || *p == '>' || *p == ']') {
            --depth;
        }
        if (*p == '\0' || (*p == ',' && depth == 0)) {
            if (current == index) {
                while (start < p && (*start == ' ' || *start == '&')) {
                    ++start;
                }
                const char* end = p;
                while (end > start && end[-1] == ' ') {
                    --end;
                }
                begin = start;
                length = static_cast<size_t>(end - start);
                return;
            }
            if (*p == '\0') {
                break;
            }
            ++current;
            start = p + 1;
        }
    }
    begin = "?";
    length = 1;
}

/// Call visit(object, its argument index, its tiling or nullptr) for each object.
template <class Visit>
inline void for_each_matmul(Visit&, int) {}

template <class Visit, class Obj>
inline void for_each_matmul(Visit& visit, int index, Obj& obj) {
    visit(obj, index, static_cast<TCubeTiling*>(nullptr));
}

template <class Visit, class Obj, class Next, class... Rest>
inline void for_each_matmul(Visit& visit, int index, Obj& obj, Next&& next, Rest&&... rest) {
    if constexpr (is_tiling_arg_v<Next>) {
        visit(obj, index, next);
        for_each_matmul(visit, index + 2, rest...);
    } else {
        visit(obj, index, static_cast<TCubeTiling*>(nullptr));
        for_each_matmul(visit, index + 1, next, rest...);
    }
}

}  // namespace ascx_emu

namespace AscendC {

/// For each object: with a tiling, SetSubBlockIdx(0) and Init(tiling, tpipe); without one, bind the
/// pipe (Init comes later).
template <class... Args>
inline void InitCurObj(TPipe* tpipe, Args&&... objs) {
    ASCX_COVER("InitCurObj");
    auto visit = [&](auto& obj, int, auto* tiling) {
        if (tiling != nullptr) {
            obj.SetSubBlockIdx(0);
            obj.Init(tiling, tpipe);
        } else {
            obj.ascx_engine().set_pipe(tpipe);
        }
    };
    ascx_emu::for_each_matmul(visit, 0, objs...);
}

}  // namespace AscendC

namespace ascx_emu {

/// Whether the objects (and tilings) of a REGIST_MATMUL_OBJ use MixDualMaster mode, as a type (the
/// AIC side of the macro decides with it whether to return or run the kernel's code).
template <class... Args>
std::bool_constant<((mix_dual_master_of<Args>() == 1) || ...)> mix_dual_master_tag(Args&&...);

/// The bytes of the system workspace CANN's Matmul client and server exchange their messages in
/// (``SysWorkspaceDesc``, kfc_comm.h: every AIV's message queues, counters and UB map) and that the host
/// allocates for it: ``GetLibApiWorkSpaceSize()`` on Atlas A2 (docs/emulation.md#the-system-workspace).
constexpr uint64_t kfc_workspace_bytes = 16ull * 1024 * 1024;

/// A kernel argument handed to REGIST_MATMUL_OBJ as the KFC workspace must hold the whole system
/// workspace: CANN's client and server write their messages across it, past the end of a smaller buffer.
/// (The emulation's own ``GetSysWorkSpacePtr()`` is not a kernel argument and is not checked.)
inline void check_kfc_workspace(const void* workspace) {
    const GmAllocation* allocation = find_gm(workspace);
    if (allocation == nullptr) {
        return;
    }
    const auto* first = static_cast<const unsigned char*>(workspace);
    const auto available = static_cast<uint64_t>(allocation->end - first);
    if (available < kfc_workspace_bytes) {
        fail("REGIST_MATMUL_OBJ: the workspace is GM buffer '%s' with %llu bytes from offset %lld, but CANN's Matmul "
             "client and server exchange their messages across the whole system workspace (%llu bytes, "
             "GetLibApiWorkSpaceSize()) and would write past its end; allocate "
             "asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size() bytes, or pass asc.get_sys_workspace()",
             allocation->name, static_cast<unsigned long long>(available),
             static_cast<long long>(first - allocation->begin), static_cast<unsigned long long>(kfc_workspace_bytes));
    }
}

/// MIX AIV side: bind each client to the pipe and KFC workspace, name it, and Init it with its tiling.
template <class... Args>
inline void register_matmul_clients(const char* names, AscendC::TPipe* tpipe, GM_ADDR workspace, Args&&... objs) {
    check_regist(workspace, objs...);
    if constexpr (!decltype(mix_dual_master_tag(objs...))::value) {  // MixDualMaster sends no messages
        check_kfc_workspace(workspace);
    }
    auto visit = [&](auto& obj, int index, auto* tiling) {
        const char* name = nullptr;
        size_t length = 0;
        argument_text(names, index, name, length);
        auto& engine = obj.ascx_engine();
        engine.set_name(name, length);
        engine.mark_registered(tpipe);
        if (tiling != nullptr) {
            engine.init(tiling, "REGIST_MATMUL_OBJ");
        }
    };
    for_each_matmul(visit, 0, objs...);
}

/// MIX AIC side in MixDualMaster mode: the AIC runs the kernel itself; name its objects and Init
/// them with their tilings (REGIST_MATMUL_OBJ's server.InitObj).
template <class... Args>
inline void register_matmul_dual_master(const char* names, AscendC::TPipe* tpipe, GM_ADDR workspace,
                                        Args&&... objs) {
    check_regist(workspace, objs...);
    auto visit = [&](auto& obj, int index, auto* tiling) {
        const char* name = nullptr;
        size_t length = 0;
        argument_text(names, index, name, length);
        auto& engine = obj.ascx_engine();
        engine.set_name(name, length);
        engine.set_pipe(tpipe);
        if (tiling != nullptr) {
            obj.Init(tiling, tpipe);
        }
    };
    for_each_matmul(visit, 0, objs...);
}

/// Cube-only: name the objects, then InitCurObj.
template <class... Args>
inline void register_matmul_cube(const char* names, AscendC::TPipe* tpipe, GM_ADDR workspace, Args&&... objs) {
    check_regist(workspace, objs...);
    auto visit = [&](auto& obj, int index, auto*) {
        const char* name = nullptr;
        size_t length = 0;
        argument_text(names, index, name, length);
        obj.ascx_engine().set_name(name, length);
    };
    for_each_matmul(visit, 0, objs...);
    AscendC::InitCurObj(tpipe, objs...);
}

}  // namespace ascx_emu


#if defined(ASCENDC_CUBE_ONLY) && defined(EMU_AIV)
// the vector compile of a cube-only kernel exits at once
#define REGIST_CUBE_OBJ(tpipe, workspace, ...)                                                      \
    do {                                                                                            \
        ::ascx_emu::check_regist(reinterpret_cast<GM_ADDR>(workspace), __VA_ARGS__);                \
        return;                                                                                     \
    } while (0)
#elif defined(ASCENDC_CUBE_ONLY) || !(defined(EMU_AIC) || defined(EMU_AIV))
#define REGIST_CUBE_OBJ(tpipe, workspace, ...) \
    ::ascx_emu::register_matmul_cube(#__VA_ARGS__, tpipe, reinterpret_cast<GM_ADDR>(workspace), __VA_ARGS__)
#elif defined(EMU_AIC)
// MIX AIC side: the real macro serves the AIVs' requests and returns; the engine does that work
// inside the AIV's calls, so here only the static checks remain.  In MixDualMaster mode the AIC
// does not return: it runs the kernel's code, and its Matmul objects compute.
#define REGIST_CUBE_OBJ(tpipe, workspace, ...)                                                      \
    do {                                                                                            \
        if constexpr (decltype(::ascx_emu::mix_dual_master_tag(__VA_ARGS__))::value) {              \
            ::ascx_emu::register_matmul_dual_master(#__VA_ARGS__, tpipe,                            \
                                                    reinterpret_cast<GM_ADDR>(workspace), __VA_ARGS__); \
        } else {                                                                                    \
            ::ascx_emu::check_regist(reinterpret_cast<GM_ADDR>(workspace), __VA_ARGS__);            \
            return;                                                                                 \
        }                                                                                           \
    } while (0)
#else
#define REGIST_CUBE_OBJ(tpipe, workspace, ...) \
    ::ascx_emu::register_matmul_clients(#__VA_ARGS__, tpipe, reinterpret_cast<GM_ADDR>(workspace), __VA_ARGS__)
#endif

#define REGIST_MATMUL_OBJ REGIST_CUBE_OBJ
#define REGIST_MATMUL_OBJ_STATIC REGIST_CUBE_OBJ

namespace matmul = AscendC;

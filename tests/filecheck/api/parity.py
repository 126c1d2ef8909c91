# Python to IR to C++ for what the tracer moves before the kernel function: the header a tensor list
# needs (one #include however many calls need it; ascx-kernel-prologue puts the includes first) and
# file-scope verbatim C++ (asc.inline with before_function=True), in the order the kernel made it;
# in-function verbatim C++ stays in place.
#
# RUN: ascx compile %s --emit ir --args "MockTensor(asc.uint8), MockValue(asc.int32)" | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "MockTensor(asc.uint8), MockValue(asc.int32)" | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def hoisted(x: asc.GlobalAddress, n: int) -> None:
    asc.inline("#define TILE 64", before_function=True)
    first = asc.ListTensorDesc(x)
    second = asc.ListTensorDesc()
    asc.inline("constexpr int kTiles = 4;", before_function=True)
    asc.inline("int tiles = kTiles * {};", (n,))


# IR: builtin.module {
# IR-NEXT: ascendc.include "kernel_operator.h"
# IR-NEXT: ascendc.include "kernel_operator_list_tensor_intf.h"
# IR-NEXT: ascendc.verbatim "#define TILE 64" file_scope() :
# IR-NEXT: ascendc.verbatim "constexpr int kTiles = 4;" file_scope() :
# IR-NEXT: func.func @hoisted
# IR: ascendc.verbatim "int tiles = kTiles * {};"(%n) : i32

# CPP:#include "kernel_operator.h"
# CPP-NEXT:#include "kernel_operator_list_tensor_intf.h"
# CPP-EMPTY:
# CPP-NEXT:#define TILE 64
# CPP-EMPTY:
# CPP-NEXT:constexpr int kTiles = 4;
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void hoisted(__gm__ uint8_t* x, int32_t n) {
# CPP-NEXT:    AscendC::ListTensorDesc first(x, 4294967295U, 4294967295U);
# CPP-NEXT:    AscendC::ListTensorDesc second;
# CPP-NEXT:    int tiles = kTiles * n;
# CPP-NEXT:}

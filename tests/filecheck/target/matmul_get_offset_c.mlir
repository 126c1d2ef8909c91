// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// `get_offset_c` prints CANN's documented call.  CANN 9.1's headers reject it (its MatmulImpl's
// GetOffsetC<true> static_asserts "unsupported!": the docs call it a reserved interface), so this
// kernel is a known rejection of the CANN type-check (tests/cann/test_cann_typecheck.py).

ascendc.define "ASCENDC_CUBE_ONLY"
ascendc.include "kernel_operator.h"
ascendc.include "lib/matmul_intf.h"
func.func @offset_c(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %ofs = ascendc.matmul.get_offset_c %mm
  func.return
}

// CHECK:    MatrixOffset ofs = mm.GetOffsetC();

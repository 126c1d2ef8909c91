// RUN: ascx-opt %s --parsing-diagnostics --split-input-file | filecheck %s

// Malformed attribute and op syntax is a parse error with a caret, not a crash.

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <base_m = 1>
// CHECK: unknown MatmulConfig field 'base_m'

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <batch_mode = HUGE>
// CHECK: invalid value for MatmulConfig field 'batch_mode': 'HUGE' is not a BatchMode enumerator

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <iterate_mode = 256>
// CHECK: invalid value for MatmulConfig field 'iterate_mode': 256 is outside [0, 255]

// -----

%mm = ascendc.matmul.create a <hbm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
// CHECK: Expected `gm`, `a1`, `a2`, `b1`, `b2`, `c1`, `c2`, `co1`, `co2`, `vecin`, `vecout`, `veccalc`, or `tscm`.

// -----

ascendc.ffts_cross_core_sync pipe_x, 1
// CHECK: Expected `pipe_s`

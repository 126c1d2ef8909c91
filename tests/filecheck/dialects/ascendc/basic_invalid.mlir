// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the core, framework and basic API ops: one rule per case, reported at the
// op's location.

%q = ascendc.declare : !ascendc.tque<veccalc, 2> loc("k.py":1:1)
// CHECK: k.py:1:1: error: a TQue cannot be at position veccalc

// -----

%q = ascendc.declare : !ascendc.tque_bind<gm, vecout, 1> loc("k.py":2:1)
// CHECK: k.py:2:1: error: !ascendc.tque_bind<gm, vecout, 1> cannot be at position gm

// -----

%p = ascendc.pipe
%b = ascendc.declare : !ascendc.tbuf<veccalc>
%n = ascendc.constant 1 : ui8
%l = ascendc.constant 64 : ui32
ascendc.init_buffer %p, %b num %n len %l : !ascendc.pipe, !ascendc.tbuf<veccalc>, ui8, ui32 loc("k.py":3:1)
// CHECK: k.py:3:1: error: a TBuf has one buffer: InitBuffer takes no buffer count for it

// -----

%p = ascendc.pipe
%q = ascendc.declare : !ascendc.tque<vecin, 2>
%l = ascendc.constant 64 : ui32
ascendc.init_buffer %p, %q len %l : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui32 loc("k.py":4:1)
// CHECK: k.py:4:1: error: InitBuffer of a queue needs the number of buffers

// -----

%q = ascendc.declare : !ascendc.tque<vecin, 2>
%t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
"ascendc.enque"(%q, %t) <{src_user_pos = #ascendc<position vecin>}> : (!ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>) -> () loc("k.py":5:1)
// CHECK: k.py:5:1: error: src_user_pos and dst_user_pos are given together

// -----

%q = ascendc.declare : !ascendc.tque<vecin, 2>
%c = "ascendc.queue_query"(%q) <{query = #ascendc<queue_query has_idle_buffer>}> : (!ascendc.tque<vecin, 2>) -> i32 loc("k.py":6:1)
// CHECK: k.py:6:1: error: HasIdleBuffer() returns i1, not i32

// -----

%pool = ascendc.declare : !ascendc.tbuf_pool<veccalc, 4>
ascendc.lifecycle destroy %pool : !ascendc.tbuf_pool<veccalc, 4> loc("k.py":7:1)
// CHECK: k.py:7:1: error: a TBufPool has no Destroy()

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%p = ascendc.tensor_query get_position %g : !ascendc.global_tensor<f16> -> i32 loc("k.py":8:1)
// CHECK: k.py:8:1: error: a GlobalTensor has no GetPosition()

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%i = ascendc.constant 0 : ui64
%v = "ascendc.get_value"(%g, %i) : (!ascendc.global_tensor<f16>, ui64) -> f32 loc("k.py":9:1)
// CHECK: k.py:9:1: error: result type f32 is not the element type of !ascendc.global_tensor<f16>

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%i = ascendc.constant 0 : ui64
%v = arith.constant 1.0 : f32
ascendc.set_value %g[%i : ui64], %v : !ascendc.global_tensor<f16>, f32 loc("k.py":10:1)
// CHECK: k.py:10:1: error: value type f32 is not the element type of !ascendc.global_tensor<f16>

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%n = arith.constant 256 : i32
ascendc.data_copy %g, %g, %n : !ascendc.global_tensor<f16>, !ascendc.global_tensor<f16>, i32 loc("k.py":11:1)
// CHECK: k.py:11:1: error: a copy has an on-chip end: GlobalTensor to GlobalTensor is not a DataCopy

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f32>
%n = arith.constant 256 : i32
ascendc.data_copy %t, %g, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f16>, i32 loc("k.py":12:1)
// CHECK: k.py:12:1: error: source element type f16 does not match the destination element type f32

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%c = ascendc.constant 1 : ui32
%p = ascendc.params %c, %c, %c, %c, %c : ui32, ui32, ui32, ui32, ui32 -> !ascendc.params<data_copy_ext>
ascendc.data_copy %t, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy_ext> loc("k.py":13:1)
// CHECK: k.py:13:1: error: DataCopy takes a count or a DataCopyParams, not !ascendc.params<data_copy_ext>

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%c = ascendc.constant 1 : ui16
%p = ascendc.params %c, %c, %c, %c : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
%false = arith.constant false
%z = ascendc.constant 0 : ui8
%z64 = ascendc.constant 0 : ui64
%pad = ascendc.params %false, %z, %z, %z64 : i1, ui8, ui8, ui64 -> !ascendc.params<data_copy_pad>
ascendc.data_copy_pad %g, %t, %p pad %pad : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_pad> loc("k.py":14:1)
// CHECK: k.py:14:1: error: padding parameters apply to a GM -> UB copy only

// -----

%c = ascendc.constant 1 : ui16
%p = ascendc.params %c, %c, %c : ui16, ui16, ui16 -> !ascendc.params<data_copy> loc("k.py":15:1)
// CHECK: k.py:15:1: error: DataCopyParams has 4 fields, got 3 values

// -----

%c = arith.constant 1.0 : f32
%p = ascendc.params %c, %c, %c, %c : f32, f32, f32, f32 -> !ascendc.params<data_copy> loc("k.py":16:1)
// CHECK: k.py:16:1: error: field blockCount is ui16, got a f32 value

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%m = ascendc.constant 128 : ui64
ascendc.vec.binary add %t, %t, %t mask %m : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64) loc("k.py":17:1)
// CHECK: k.py:17:1: error: expected either count or all of mask, repeat_times, repeat_params; got mask

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%n = arith.constant 256 : i32
ascendc.vec.binary add %t, %t, %t count %n set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32) loc("k.py":18:1)
// CHECK: k.py:18:1: error: set_mask only applies to the mask form

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%u = ascendc.local_tensor.declare : !ascendc.local_tensor<f32>
%n = arith.constant 256 : i32
ascendc.vec.binary add %t, %t, %u count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32) loc("k.py":19:1)
// CHECK: k.py:19:1: error: src1 has element type f32, but dst has f16

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%s = arith.constant 1.0 : f32
%n = arith.constant 256 : i32
ascendc.vec.binary_scalar adds %t, %t, %s count %n set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, i32) loc("k.py":20:1)
// CHECK: k.py:20:1: error: scalar has type f32, but the element type of src is f16

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%m = ascendc.constant 128 : ui64
%r = ascendc.constant 2 : ui8
%c = ascendc.constant 1 : ui8
%p = ascendc.params %c, %c, %c, %c, %c, %c : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
ascendc.vec.unary exp %t, %t mask %m repeat_times %r repeat_params %p : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>) loc("k.py":21:1)
// CHECK: k.py:21:1: error: repeat_params must be a UnaryRepeatParams, got !ascendc.params<binary_repeat>

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%n = ascendc.constant 256 : ui32
ascendc.vec.reduce sum %t, %t, %t count %n cal_index : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32) loc("k.py":22:1)
// CHECK: k.py:22:1: error: ReduceSum has no cal_index

// -----

%c = ascendc.constant 1 : ui64
%m = ascendc.mask_list %c, %c, %c : ui64, ui64, ui64 -> !ascendc.mask_list<3> loc("k.py":23:1)
// CHECK: k.py:23:1: error: a mask list has 1 or 2 elements, matching its type; got 3

// -----

ascendc.pipe_barrier pipe_s loc("k.py":24:1)
// CHECK: k.py:24:1: error: PipeBarrier<PIPE_S> is forbidden: the scalar pipe is in order

// -----

%f = arith.constant 1 : i32
ascendc.cross_core_set_flag %f mode 3 pipe pipe_mte3 : i32 loc("k.py":25:1)
// CHECK: k.py:25:1: error: cross-core mode 3 is not 0, 1 or 2

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<i32>
"ascendc.sync_all"(%g) <{is_aiv_only = true, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!ascendc.global_tensor<i32>) -> () loc("k.py":26:1)
// CHECK: k.py:26:1: error: the software SyncAll takes both workspaces and the core count

// -----

ascendc.set_atomic none : f32 loc("k.py":27:1)
// CHECK: k.py:27:1: error: SetAtomicNone takes no element type

// -----

ascendc.set_atomic add loc("k.py":28:1)
// CHECK: k.py:28:1: error: SetAtomicAdd needs an element type

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
ascendc.printf "t=%p"(%t) : !ascendc.local_tensor<f16> loc("k.py":29:1)
// CHECK: k.py:29:1: error: printf cannot print a value of type !ascendc.local_tensor<f16>

// -----

%d = ascendc.constant 2 : ui32
%s = ascendc.shape_info %d, %d, %d, %d, %d, %d, %d, %d, %d : ui32, ui32, ui32, ui32, ui32, ui32, ui32, ui32, ui32 loc("k.py":30:1)
// CHECK: k.py:30:1: error: a ShapeInfo has up to 8 dimensions, got 9

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%m8 = ascendc.local_tensor.declare : !ascendc.local_tensor<ui8>
%s = arith.constant 1.0 : f32
%n = arith.constant 256 : i32
ascendc.vec.select vsel_tensor_scalar_mode %t, %m8, %t, %s count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, f32, i32) loc("k.py":31:1)
// CHECK: k.py:31:1: error: src1 has type f32, but the element type of src0 is f16

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>
%s = arith.constant 1.0 : f32
%n = arith.constant 256 : i32
ascendc.vec.duplicate %t, %s count %n : (!ascendc.local_tensor<f16>, f32, i32) loc("k.py":32:1)
// CHECK: k.py:32:1: error: scalar has type f32, but the element type of dst is f16

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%c0 = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor veccalc, %c0, %c0 : ui32, ui32 -> !ascendc.local_tensor<i32>
ascendc.notify_next_block %g, %ub : !ascendc.global_tensor<f16>, !ascendc.local_tensor<i32> loc("k.py":40:1)
// CHECK: k.py:40:1: error: ascendc.notify_next_block: the GM workspace must hold int32, not f16

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<i32>
%c0 = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor veccalc, %c0, %c0 : ui32, ui32 -> !ascendc.local_tensor<f32>
%e = arith.constant 0 : i32
ascendc.ib_wait %g, %ub block %e event %e aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<f32>, i32, i32 loc("k.py":41:1)
// CHECK: k.py:41:1: error: ascendc.ib_wait: the UB workspace must hold int32, not f32

// -----

%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f32>
%c8 = ascendc.constant 8 : ui32
%a = ascendc.tensor.method get_phy_addr %t(%c8) : !ascendc.local_tensor<f32>, (ui32) -> ui64 loc("k.py":31:1)
// CHECK: k.py:31:1: error: a LocalTensor's GetPhyAddr is ascendc.local_tensor.phy_addr

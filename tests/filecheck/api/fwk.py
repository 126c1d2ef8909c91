# The framework from Python to IR and to C++: TPipe, TQue/TQueBind/TBuf/TBufPool declarations,
# init_buffer, the queue protocol (also in place and with user positions), queue queries, TBuf
# tensors, event ids and the pipe's lifecycle.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def fwk(n: int) -> None:
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 2)
    bind = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    buf = asc.TBuf()
    pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
    pipe.init_buffer(qin, 2, 1024)
    pipe.init_buffer(que=bind, num=1, len=n * 4)
    pipe.init_buffer(buf, 2048)
    ok = pipe.init_buf_pool(pool, 8192)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(scratch, len=512)
    inner = asc.TBufPool(asc.TPosition.VECCALC, 2)
    nested = pool.init_buf_pool(inner, 1024, pool)
    x = qin.alloc_tensor(asc.float16)
    qin.enque(x)
    y = qin.deque(asc.float16)
    qin.free_tensor(y)
    z = asc.LocalTensor(asc.float32)
    bind.alloc_tensor(z)
    bind.enque(z, asc.TPosition.VECIN, asc.TPosition.VECOUT)
    w = bind.deque(asc.float32, asc.TPosition.VECIN, asc.TPosition.VECOUT)
    bind.free_tensor(w)
    pending = qin.get_tensor_count_in_que()
    idle = qin.has_idle_buffer()
    queued = qin.has_tensor_in_que()
    vacant = qin.vacant_in_que()
    whole = buf.get(asc.float32)
    part = buf.get(asc.int32, 64)
    slot = buf.get_with_offset(128, 1024, asc.float16)
    event = pipe.alloc_event_id(asc.HardEvent.MTE2_V)
    pipe.release_event_id(event, asc.HardEvent.MTE2_V)
    fetched = pipe.fetch_event_id(asc.HardEvent.V_MTE3)
    same = asc.get_tpipe_ptr()
    same.reset()
    pool.reset()
    pipe.init()
    pipe.destroy()


# IR: func.func @fwk(%n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: %pipe = ascendc.pipe
# IR: %qin = ascendc.declare : !ascendc.tque<vecin, 2>
# IR: %bind = ascendc.declare : !ascendc.tque_bind<vecin, vecout, 1>
# IR: %buf = ascendc.declare : !ascendc.tbuf<veccalc>
# IR: %pool = ascendc.declare : !ascendc.tbuf_pool<veccalc, 2>
# IR: ascendc.init_buffer %pipe, %qin num %c2_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui8, ui32
# IR: %0 = arith.muli %n, %c4_i32 : i32
# IR: ascendc.init_buffer %pipe, %bind num %c1_ui8 len %0 : !ascendc.pipe, !ascendc.tque_bind<vecin, vecout, 1>, ui8, i32
# IR: ascendc.init_buffer %pipe, %buf len %c2048_ui32 : !ascendc.pipe, !ascendc.tbuf<veccalc>, ui32
# IR: %ok = ascendc.init_buf_pool %pipe, %pool, %c8192_ui32 : !ascendc.pipe, !ascendc.tbuf_pool<veccalc, 2>, ui32
# IR: %scratch = ascendc.declare : !ascendc.tbuf<veccalc>
# IR: ascendc.init_buffer %pool, %scratch len %c512_ui32 : !ascendc.tbuf_pool<veccalc, 2>, !ascendc.tbuf<veccalc>, ui32
# IR: %inner = ascendc.declare : !ascendc.tbuf_pool<veccalc, 2>
# IR: %nested = ascendc.init_buf_pool %pool, %inner, %c1024_ui32 share %pool : !ascendc.tbuf_pool<veccalc, 2>, !ascendc.tbuf_pool<veccalc, 2>, ui32, !ascendc.tbuf_pool<veccalc, 2>
# IR: %x = ascendc.alloc_tensor %qin : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
# IR: ascendc.enque %qin, %x : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>
# IR: %y = ascendc.deque %qin : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
# IR: ascendc.free_tensor %qin, %y : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>
# IR: %z = ascendc.alloc_tensor %bind : !ascendc.tque_bind<vecin, vecout, 1> -> !ascendc.local_tensor<f32>
# IR: ascendc.enque %bind, %z from vecin to vecout : !ascendc.tque_bind<vecin, vecout, 1>, !ascendc.local_tensor<f32>
# IR: %w = ascendc.deque %bind from vecin to vecout : !ascendc.tque_bind<vecin, vecout, 1> -> !ascendc.local_tensor<f32>
# IR: ascendc.free_tensor %bind, %w : !ascendc.tque_bind<vecin, vecout, 1>, !ascendc.local_tensor<f32>
# IR: %pending = ascendc.queue_query get_tensor_count_in_que %qin : !ascendc.tque<vecin, 2> -> i32
# IR: %idle = ascendc.queue_query has_idle_buffer %qin : !ascendc.tque<vecin, 2> -> i1
# IR: %queued = ascendc.queue_query has_tensor_in_que %qin : !ascendc.tque<vecin, 2> -> i1
# IR: %vacant = ascendc.queue_query vacant_in_que %qin : !ascendc.tque<vecin, 2> -> i1
# IR: %whole = ascendc.tbuf.get %buf : !ascendc.tbuf<veccalc> -> !ascendc.local_tensor<f32>
# IR: %part = ascendc.tbuf.get %buf len %c64_ui32 : !ascendc.tbuf<veccalc>, ui32 -> !ascendc.local_tensor<i32>
# IR: %slot = ascendc.tbuf.get_with_offset %buf, %c128_ui32, %c1024_ui32 : ui32, ui32, !ascendc.tbuf<veccalc> -> !ascendc.local_tensor<f16>
# IR: %event = ascendc.event_id alloc mte2_v %pipe : i32
# IR: ascendc.release_event_id mte2_v %pipe, %event : i32
# IR: %fetched = ascendc.event_id fetch v_mte3 %pipe : i32
# IR: ascendc.lifecycle reset %pipe : !ascendc.pipe
# IR: ascendc.lifecycle reset %pool : !ascendc.tbuf_pool<veccalc, 2>
# IR: ascendc.lifecycle init %pipe : !ascendc.pipe
# IR: ascendc.lifecycle destroy %pipe : !ascendc.pipe

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void fwk(int32_t n) {
# CPP-NEXT:    AscendC::TPipe pipe;
# CPP-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> qin;
# CPP-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> bind;
# CPP-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
# CPP-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECCALC, 2> pool;
# CPP-NEXT:    pipe.InitBuffer(qin, 2, 1024);
# CPP-NEXT:    int32_t v = n * 4;
# CPP-NEXT:    pipe.InitBuffer(bind, 1, v);
# CPP-NEXT:    pipe.InitBuffer(buf, 2048);
# CPP-NEXT:    bool ok = pipe.InitBufPool(pool, 8192);
# CPP-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> scratch;
# CPP-NEXT:    pool.InitBuffer(scratch, 512);
# CPP-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECCALC, 2> inner;
# CPP-NEXT:    bool nested = pool.InitBufPool(inner, 1024, pool);
# CPP-NEXT:    AscendC::LocalTensor<half> x = qin.AllocTensor<half>();
# CPP-NEXT:    qin.EnQue(x);
# CPP-NEXT:    AscendC::LocalTensor<half> y = qin.DeQue<half>();
# CPP-NEXT:    qin.FreeTensor(y);
# CPP-NEXT:    AscendC::LocalTensor<float> z = bind.AllocTensor<float>();
# CPP-NEXT:    bind.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT>(z);
# CPP-NEXT:    AscendC::LocalTensor<float> w = bind.DeQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, float>();
# CPP-NEXT:    bind.FreeTensor(w);
# CPP-NEXT:    int32_t pending = qin.GetTensorCountInQue();
# CPP-NEXT:    bool idle = qin.HasIdleBuffer();
# CPP-NEXT:    bool queued = qin.HasTensorInQue();
# CPP-NEXT:    bool vacant = qin.VacantInQue();
# CPP-NEXT:    AscendC::LocalTensor<float> whole = buf.Get<float>();
# CPP-NEXT:    AscendC::LocalTensor<int32_t> part = buf.Get<int32_t>(64);
# CPP-NEXT:    AscendC::LocalTensor<half> slot = buf.GetWithOffset<half>(128, 1024);
# CPP-NEXT:    int32_t event = pipe.AllocEventID<AscendC::HardEvent::MTE2_V>();
# CPP-NEXT:    pipe.ReleaseEventID<AscendC::HardEvent::MTE2_V>(event);
# CPP-NEXT:    int32_t fetched = pipe.FetchEventID<AscendC::HardEvent::V_MTE3>();
# CPP-NEXT:    pipe.Reset();
# CPP-NEXT:    pool.Reset();
# CPP-NEXT:    pipe.Init();
# CPP-NEXT:    pipe.Destroy();
# CPP-NEXT:}

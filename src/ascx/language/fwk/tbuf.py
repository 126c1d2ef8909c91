"""``asc.TBuf`` and ``asc.TBufPool``: scratch buffers without queue events, and pools that carve
buffers out of a region of the pipe's memory."""

from __future__ import annotations

from typing import Any, NoReturn

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import uint32
from ascx.language.core.enums import TPosition
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.tensor_metadata import not_for_the_npu, not_for_the_npu_message
from ascx.language.core.values import Handle
from ascx.language.fwk.tque import compile_time_int, compile_time_position, dtype_argument
from ascx.language.records import records

record = records(__name__, "fwk/buffers")
TBUF_AT_GM = "TBuf: a buffer cannot be at position GM"
TBUF_DTYPE_FORMS = "TBuf.alloc_tensor: CANN's TBuf declares AllocTensor<T>() and DeQue<T>() only, no tensor form"


DEPTH_ZERO_ASSERTS = {
    "vacant_in_que": "VacantInQue api is not supported while depth is zero",
    "has_tensor_in_que": "HasTensorInQue api is not supported while depth is zero",
    "get_tensor_count_in_que": "GetTensorCountInQue api is not supported while depth is zero",
    "has_idle_buffer": "HasIdleBuffer api is not supported while depth is zero",
    "free_all_event": "can not use FreeAllEvent api while depth is zero",
}
"""The queue methods a TBuf inherits from ``TQueBind<pos, pos, 0, 0>`` whose C++ does not compile on it:
the ``static_assert`` of each (CANN's ``impl/basic_api/kernel_tquebind_impl.h``)."""


def _cpp_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def depth_zero_reason(method: str) -> str:
    """Why ``TBuf.<method>`` (a queue query) cannot be called."""
    return (
        f"CANN's TBuf is a TQueBind of depth 0, and TQueBind::{_cpp_name(method)} static_asserts "
        f'"{DEPTH_ZERO_ASSERTS[method]}"'
    )


def pipe_plumbing_reason(method: str) -> str:
    """Why ``TBuf.init_buf_handle`` / ``init_start_buf_handle`` cannot be called."""
    return (
        f"TBuf::{_cpp_name(method)} is how TPipe::InitBuffer points a TBuf at the memory it allocated; "
        "a kernel does not call it"
    )


def _depth_zero_record(method: str) -> dict[str, Any]:
    return {
        "forms": (f"buf.{method}()",),
        "cpp": (),
        "rules": (f'"{not_for_the_npu_message(f"TBuf.{method}", depth_zero_reason(method))}".',),
        "summary": f"A queue method pyasc's TBuf inherits from TQueBind; CANN's ``{_cpp_name(method)}`` does not "
        "compile on a TBuf.",
        "title": f"TBuf.{method}",
        "page": "core/tensor_metadata",
    }


def _plumbing_record(method: str, form: str) -> dict[str, Any]:
    return {
        "forms": (form,),
        "cpp": (),
        "rules": (f'"{not_for_the_npu_message(f"TBuf.{method}", pipe_plumbing_reason(method))}".',),
        "summary": f"pyasc's TBuf inherits TQueBind's ``{method}``; in CANN it is TPipe's plumbing.",
        "title": f"TBuf.{method}",
        "page": "core/tensor_metadata",
    }


def tbuf_tensor_message(method: str, got: str) -> str:
    return f"TBuf.{method}: expected a LocalTensor, got {got}"


def offset_message(buf_offset: int) -> str:
    return f"buf_offset must be align to 32B, got {buf_offset}"


def pool_spelled(position: TPosition, buf_id_size: int) -> str:
    """How a message names a pool's C++ type: ``TBufPool(TPosition.VECCALC, 2)``."""
    return f"TBufPool(TPosition.{position.name}, {buf_id_size})"


def share_message(api: str, param: str, owner: str, pool: str) -> str:
    """``pool.init_buf_pool(buf_pool, len, share_buf)`` with a pool of another type (``owner`` and ``pool``
    spelled by :func:`pool_spelled`)."""
    return (
        f"{api}: with share_buf, {param} must be a {owner} like the pool it is carved "
        f"from, got a {pool} (only TPipe.init_buf_pool shares between pools of different types)"
    )


@record(
    forms=("buf = asc.TBuf(pos=asc.TPosition.VECCALC)",),
    cpp=("AscendC::TBuf<AscendC::TPosition::POS> buf;",),
    rules=(f'"{TBUF_AT_GM}".',),
    notes=("pyasc also declares an unused ``TQueBind`` for every ``TBuf``; ascx does not.",),
    title="asc.TBuf",
)
class TBuf(Handle):
    """One buffer of scratch memory at ``pos`` (VECCALC by default)."""

    __slots__ = ("position",)

    def __init__(self, pos: Any = TPosition.VECCALC) -> None:
        builder = active("TBuf")
        self.position = compile_time_position(pos, "TBuf", "pos")
        if self.position is TPosition.GM:
            raise ApiValueError(TBUF_AT_GM)
        super().__init__(builder.insert(ir.DeclareOp(ir.TBufType(ir.TPosition[self.position.name]))).result)

    @record(
        forms=("t = buf.get(dtype)", "t = buf.get(dtype, len)"),
        cpp=("template <typename T> LocalTensor<T> Get();", "template <typename T> LocalTensor<T> Get(uint32_t len);"),
        title="buf.get",
    )
    def get(self, dtype: Any, len: Any = None, shape: Any = None) -> LocalTensor:
        """The buffer as a tensor of ``dtype``: all of it, or its first ``len`` elements."""
        builder = active("TBuf.get")
        element = dtype_argument(dtype, "TBuf.get")
        if shape is not None:
            raise ApiTypeError("TBuf.get: shape is not supported; pass len, the number of elements")
        length = None
        if len is not None and not (isinstance(len, int) and len == 0):
            length = integer_operand(builder, len, uint32, api="TBuf.get", param="len")
        op = builder.insert(ir.TBufGetOp(self.ssa, element.to_ir(), length))
        return LocalTensor.wrap(op.result, element, self.position)

    @record(
        forms=("t = buf.alloc_tensor(dtype)",),
        cpp=("template <typename T> LocalTensor<T> Get();  // what CANN's TBuf::AllocTensor<T>() returns",),
        rules=(f"The tensor form of a queue's ``alloc_tensor`` is not a TBuf's: \"{TBUF_DTYPE_FORMS}\".",),
        notes=(
            "pyasc's TBuf inherits TQueBind's methods, and CANN's TBuf redeclares four of them: ``AllocTensor`` "
            "and ``DeQue`` return ``Get<T>()`` (the whole buffer), ``EnQue`` and ``FreeTensor`` do nothing.  ascx "
            "emits ``buf.Get<T>()``.",
        ),
        example="scratch_bytes = buf.alloc_tensor(asc.uint8)\nbuf.free_tensor(scratch_bytes)\nbuf.enque(scratch_bytes)",
        title="buf.alloc_tensor",
    )
    def alloc_tensor(self, dtype: Any) -> LocalTensor:
        """The whole buffer as a tensor of ``dtype``, as ``get(dtype)``: a queue's method on a TBuf."""
        if isinstance(dtype, LocalTensor):
            raise ApiTypeError(TBUF_DTYPE_FORMS, "use buf.get(dtype), or a TQue for the tensor form")
        return self.get(dtype)

    @record(
        forms=("t = buf.deque(dtype)",),
        cpp=("template <typename T> LocalTensor<T> Get();  // what CANN's TBuf::DeQue<T>() returns",),
        notes=("As ``alloc_tensor``: ascx emits ``buf.Get<T>()``.",),
        example="queued = buf.deque(asc.float32)",
        title="buf.deque",
    )
    def deque(self, dtype: Any) -> LocalTensor:
        """The whole buffer as a tensor of ``dtype``, as ``get(dtype)`` (CANN's ``TBuf::DeQue``)."""
        if isinstance(dtype, LocalTensor):
            raise ApiTypeError(TBUF_DTYPE_FORMS, "use buf.get(dtype), or a TQue for the tensor form")
        return self.get(dtype)

    @record(
        forms=("buf.free_tensor(t)",),
        cpp=("// nothing: CANN's TBuf::FreeTensor<T>(LocalTensor<T>&) does nothing",),
        rules=(f'The argument is a LocalTensor: "{tbuf_tensor_message("free_tensor", "the int 3")}".',),
        notes=("It emits nothing: a TBuf's tensors are not queued, and CANN's call does nothing.",),
        title="buf.free_tensor",
    )
    def free_tensor(self, tensor: Any) -> None:
        """Nothing (CANN's ``TBuf::FreeTensor``): a TBuf's tensor needs no freeing."""
        self._tensor_argument("free_tensor", tensor)

    @record(
        forms=("buf.enque(t)",),
        cpp=("// nothing: CANN's TBuf::EnQue<T>(const LocalTensor<T>&) does nothing",),
        notes=("As ``free_tensor``: it emits nothing.",),
        title="buf.enque",
    )
    def enque(self, tensor: Any) -> None:
        """Nothing (CANN's ``TBuf::EnQue``): a TBuf's tensors are not queued."""
        self._tensor_argument("enque", tensor)

    def _tensor_argument(self, method: str, tensor: object) -> None:
        active(f"TBuf.{method}")
        if not isinstance(tensor, LocalTensor):
            raise ApiTypeError(tbuf_tensor_message(method, describe(tensor)))

    @record(
        forms=("t = buf.get_with_offset(size, buf_offset, dtype)",),
        cpp=("template <typename T> LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);",),
        rules=(f'A constant offset is 32-byte aligned: "{offset_message(100)}".',),
        title="buf.get_with_offset",
    )
    def get_with_offset(self, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor:
        """``size`` elements of ``dtype`` from byte ``buf_offset`` of the buffer."""
        builder = active("TBuf.get_with_offset")
        element = dtype_argument(dtype, "TBuf.get_with_offset")
        if isinstance(buf_offset, int) and buf_offset % 32 != 0:
            raise ApiValueError(offset_message(buf_offset), "round it up to a multiple of 32")
        count = integer_operand(builder, size, uint32, api="TBuf.get_with_offset", param="size")
        offset = integer_operand(builder, buf_offset, uint32, api="TBuf.get_with_offset", param="buf_offset")
        op = builder.insert(ir.TBufGetWithOffsetOp(self.ssa, element.to_ir(), count, offset))
        return LocalTensor.wrap(op.result, element, self.position)

    # pyasc's TBuf derives from TQueBind and so has every queue method; CANN's TBuf derives from
    # TQueBind<pos, pos, 0, 0>, on which these do not compile or are the pipe's.
    def _not_on_a_tbuf(self, method: str) -> NoReturn:
        active(f"TBuf.{method}")
        not_for_the_npu(
            f"TBuf.{method}",
            depth_zero_reason(method),
            "a TBuf is not a queue: use a TQue for queue state, or a TBuf's get/alloc_tensor for scratch memory",
        )

    @record(**_depth_zero_record("vacant_in_que"))
    def vacant_in_que(self) -> NoReturn:
        """Not on a TBuf: CANN's ``VacantInQue`` requires a queue depth."""
        self._not_on_a_tbuf("vacant_in_que")

    @record(**_depth_zero_record("has_tensor_in_que"))
    def has_tensor_in_que(self) -> NoReturn:
        """Not on a TBuf: CANN's ``HasTensorInQue`` requires a queue depth."""
        self._not_on_a_tbuf("has_tensor_in_que")

    @record(**_depth_zero_record("get_tensor_count_in_que"))
    def get_tensor_count_in_que(self) -> NoReturn:
        """Not on a TBuf: CANN's ``GetTensorCountInQue`` requires a queue depth."""
        self._not_on_a_tbuf("get_tensor_count_in_que")

    @record(**_depth_zero_record("has_idle_buffer"))
    def has_idle_buffer(self) -> NoReturn:
        """Not on a TBuf: CANN's ``HasIdleBuffer`` requires a queue depth."""
        self._not_on_a_tbuf("has_idle_buffer")

    @record(**_depth_zero_record("free_all_event"))
    def free_all_event(self) -> NoReturn:
        """Not on a TBuf: CANN's ``FreeAllEvent`` requires a queue depth."""
        self._not_on_a_tbuf("free_all_event")

    def _pipe_plumbing(self, method: str) -> NoReturn:
        active(f"TBuf.{method}")
        not_for_the_npu(
            f"TBuf.{method}", pipe_plumbing_reason(method), "allocate the buffer with pipe.init_buffer(buf, len)"
        )

    @record(
        **_plumbing_record("init_buf_handle", "buf.init_buf_handle(buf_pool, index, buf_handle, cur_pool_addr, len)")
    )
    def init_buf_handle(self, buf_pool: Any, index: Any, buf_handle: Any, cur_pool_addr: Any, len: Any) -> NoReturn:
        """Not for kernels: the pipe sets a TBuf up."""
        del buf_pool, index, buf_handle, cur_pool_addr, len
        self._pipe_plumbing("init_buf_handle")

    @record(**_plumbing_record("init_start_buf_handle", "buf.init_start_buf_handle(start_buf_handle, num, len)"))
    def init_start_buf_handle(self, start_buf_handle: Any, num: Any, len: Any) -> NoReturn:
        """Not for kernels: the pipe sets a TBuf up."""
        del start_buf_handle, num, len
        self._pipe_plumbing("init_start_buf_handle")


@record(
    forms=("pool = asc.TBufPool(pos=asc.TPosition.VECCALC, buf_id_size=4)",),
    cpp=("AscendC::TBufPool<AscendC::TPosition::POS, bufIDSize> pool;",),
    title="asc.TBufPool",
)
class TBufPool(Handle):
    """A pool of on-chip memory at ``pos`` that hands out buffers to at most ``buf_id_size`` queues and buffers."""

    __slots__ = ("buf_id_size", "position")

    def __init__(self, pos: Any = TPosition.VECCALC, buf_id_size: Any = 4) -> None:
        builder = active("TBufPool")
        self.position = compile_time_position(pos, "TBufPool", "pos")
        if self.position is TPosition.GM:
            raise ApiValueError("TBufPool: a buffer pool cannot be at position GM")
        self.buf_id_size = compile_time_int(buf_id_size, "TBufPool", "buf_id_size", minimum=1)
        pool_type = ir.TBufPoolType(ir.TPosition[self.position.name], self.buf_id_size)
        super().__init__(builder.insert(ir.DeclareOp(pool_type)).result)

    @record(
        forms=("pool.init_buffer(que, num, len)", "pool.init_buffer(buf, len)"),
        cpp=(
            "template <class T> bool InitBuffer(T& que, uint8_t num, uint32_t len);",
            "template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len);",
        ),
        title="pool.init_buffer",
    )
    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """Give a queue or a buffer memory from the pool (the forms of ``TPipe.init_buffer``)."""
        from ascx.language.fwk.tpipe import init_buffer

        init_buffer(self, "TBufPool.init_buffer", args, kwargs, buf_size_name="len")

    @record(
        forms=("ok = pool.init_buf_pool(buf_pool, len)", "ok = pool.init_buf_pool(buf_pool, len, share_buf)"),
        cpp=(
            "template <class T> bool InitBufPool(T& bufPool, uint32_t len);",
            "template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);",
        ),
        rules=(
            "With `share_buf`, `buf_pool` and `share_buf` must have this pool's position and `buf_id_size` "
            '(C++ lets only a pool of the same type read their state): "'
            + share_message(
                "TBufPool.init_buf_pool",
                "buf_pool",
                pool_spelled(TPosition.VECCALC, 2),
                pool_spelled(TPosition.VECCALC, 1),
            )
            + '".',
        ),
        title="pool.init_buf_pool",
    )
    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> Any:
        """Carve a nested pool out of this one."""
        from ascx.language.fwk.tpipe import init_buf_pool

        return init_buf_pool(self, "TBufPool.init_buf_pool", buf_pool, len, share_buf)

    @record(forms=("pool.reset()",), cpp=("void Reset();",), title="pool.reset")
    def reset(self) -> None:
        """Free every buffer given out of the pool."""
        builder = active("TBufPool.reset")
        builder.insert(ir.LifecycleOp(ir.Lifecycle.RESET, self.ssa))


__all__ = ["TBuf", "TBufPool"]

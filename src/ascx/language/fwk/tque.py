"""``asc.TQueBind`` and ``asc.TQue``: queues of on-chip tensors between two pipes.

A queue hands tensors from a producer to a consumer: ``alloc_tensor`` takes a free buffer,
``enque`` passes the filled tensor on, ``deque`` receives it (first in, first out) and
``free_tensor`` returns the buffer.  The events these calls imply depend on the queue's positions
(docs/sync-model.md#queues); the tensors remember their queue so that ``data_copy`` can check that a
copy goes the way the queue orders.
"""

from __future__ import annotations

from typing import Any, NoReturn

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe
from ascx.language.core.dtype import DataType, bit, int32
from ascx.language.core.enums import TPosition
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.tensor_metadata import not_for_the_npu, not_for_the_npu_message
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "fwk/queues")
DEPTH_REQUIRED = "TQue: depth is required (C++ has no default)"

QUEUE_POSITIONS = frozenset(
    {TPosition.VECIN, TPosition.VECOUT, TPosition.A1, TPosition.A2, TPosition.B1, TPosition.B2}
    | {TPosition.C1, TPosition.C2, TPosition.CO1, TPosition.CO2, TPosition.TSCM}
)


def compile_time_position(value: object, api: str, param: str) -> TPosition:
    """A ``TPosition`` argument, which must be known at trace time (it is a C++ template argument)."""
    if isinstance(value, RuntimeScalar):
        raise ApiTypeError(f"{api}: {param} must be a compile-time TPosition, got {describe(value)}")
    if not isinstance(value, int) or isinstance(value, bool) or value not in list(TPosition):
        raise ApiTypeError(f"{api}: {param} must be an asc.TPosition, got {describe(value)}")
    position = TPosition(value)
    if position is TPosition.MAX:
        raise ApiValueError(f"{api}: {param} cannot be TPosition.MAX")
    return position


def compile_time_int_message(api: str, param: str, got: str) -> str:
    return f"{api}: {param} must be a compile-time int, got {got}"


def compile_time_int(value: object, api: str, param: str, *, minimum: int) -> int:
    """An int argument that is a C++ template argument."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiTypeError(
            compile_time_int_message(api, param, describe(value)),
            f"annotate the kernel parameter as asc.ConstExpr[int] to pass {param} from the host",
        )
    if value < minimum:
        raise ApiValueError(f"{api}: {param} must be at least {minimum}, got {value}")
    return value


def data_type_message(api: str, got: str) -> str:
    return f"{api}: expected a data type (e.g. asc.float16), got {got}"


def dtype_argument(value: object, api: str) -> DataType:
    if not isinstance(value, DataType):
        raise ApiTypeError(data_type_message(api, describe(value)))
    return value


def on_chip_message(param: str) -> str:
    """``TQueBind`` at GM."""
    return f"TQueBind: {param} cannot be GM: a queue holds on-chip buffers"


def queue_position_message(position: TPosition) -> str:
    return f"TQue: a queue cannot be at position {position.name}"


def user_positions_message(api: str) -> str:
    return f"{api}: give both src_user_pos and dst_user_pos, or neither"


def _cpp_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def protected_reason(name: str) -> str:
    """Why a kernel cannot call ``TQueBind.<name>``."""
    return f"TQueBind::{_cpp_name(name)} is a protected member of CANN's TQueBind: kernels cannot call it"


def protected_record(name: str, form: str) -> dict[str, Any]:
    """The record of a protected member pyasc exposes (on the tensor metadata page)."""
    message = not_for_the_npu_message(f"TQueBind.{name}", protected_reason(name))
    return {
        "forms": (form,),
        "cpp": (),
        "rules": (f'"{message}".',),
        "summary": f"pyasc's ``{_cpp_name(name)}``, a protected member of CANN's ``TQueBind``.",
        "title": f"TQueBind.{name}",
        "page": "core/tensor_metadata",
    }


@record(
    forms=("q = asc.TQueBind(src, dst, depth)",),
    cpp=("AscendC::TQueBind<AscendC::TPosition::SRC, AscendC::TPosition::DST, depth> q;",),
    rules=(f'"{on_chip_message("src")}".',),
    title="asc.TQueBind",
)
class TQueBind(Handle):
    """A queue between two positions, such as VECIN to VECOUT for data copied in and straight out."""

    __slots__ = ("depth", "dst", "src")

    def __init__(self, src: Any = TPosition.VECIN, dst: Any = TPosition.VECIN, depth: Any = 0, mask: Any = 0) -> None:
        builder = active("TQueBind")
        self.src = compile_time_position(src, "TQueBind", "src")
        self.dst = compile_time_position(dst, "TQueBind", "dst")
        self.depth = compile_time_int(depth, "TQueBind", "depth", minimum=0)
        for position, name in ((self.src, "src"), (self.dst, "dst")):
            if position is TPosition.GM:
                raise ApiValueError(on_chip_message(name))
        object_type = ir.TQueBindType(ir.TPosition[self.src.name], ir.TPosition[self.dst.name], self.depth)
        super().__init__(builder.insert(ir.DeclareOp(object_type)).result)

    @property
    def positions(self) -> tuple[TPosition, TPosition]:
        return self.src, self.dst

    def _api(self, method: str) -> tuple[IRBuilder, str]:
        name = f"{type(self).__name__}.{method}"
        return active(name), name

    @record(
        forms=("t = q.alloc_tensor(dtype)", "q.alloc_tensor(t)"),
        cpp=("template <typename T> LocalTensor<T> AllocTensor();",),
        rules=(f'"{data_type_message("TQue.alloc_tensor", describe(3))}".',),
        title="q.alloc_tensor",
    )
    def alloc_tensor(self, dtype: Any) -> LocalTensor:
        """A free buffer of the queue as a tensor; given a tensor declared with ``LocalTensor(dtype)``, fills it
        in place."""
        builder, name = self._api("alloc_tensor")
        target = dtype if isinstance(dtype, LocalTensor) else None
        element = target.dtype if target is not None else dtype_argument(dtype, name)
        assert element is not None
        op = builder.insert(ir.AllocTensorOp(self.ssa, element.to_ir()))
        tensor = LocalTensor.wrap(op.result, element, self.src, self)
        if target is not None:
            target.rebind(tensor)
            return target
        return tensor

    @record(
        forms=("q.enque(t)", "q.enque(t, src_user_pos, dst_user_pos)"),
        cpp=(
            "template <typename T> bool EnQue(const LocalTensor<T>& tensor);",
            "template <TPosition srcUserPos, TPosition dstUserPos, typename T> "
            "bool EnQue(const LocalTensor<T>& tensor);",
        ),
        rules=(f'"{user_positions_message("TQue.enque")}".',),
        title="q.enque",
    )
    def enque(self, tensor: Any, src_user_pos: Any = None, dst_user_pos: Any = None) -> None:
        """Pass a filled tensor to the queue's consumer."""
        builder, name = self._api("enque")
        if not isinstance(tensor, LocalTensor):
            raise ApiTypeError(f"{name}: expected a LocalTensor, got {describe(tensor)}")
        src, dst = self._user_positions(src_user_pos, dst_user_pos, name)
        builder.insert(ir.EnqueOp(self.ssa, tensor.ssa, src, dst))

    @record(
        forms=("t = q.deque(dtype)", "q.deque(t)", "t = q.deque(dtype, src_user_pos, dst_user_pos)"),
        cpp=(
            "template <typename T> LocalTensor<T> DeQue();",
            "template <TPosition srcUserPos, TPosition dstUserPos, typename T> LocalTensor<T> DeQue();",
        ),
        title="q.deque",
    )
    def deque(self, dtype: Any, src_user_pos: Any = None, dst_user_pos: Any = None) -> LocalTensor:
        """The earliest enqueued tensor; given a declared tensor, fills it in place."""
        builder, name = self._api("deque")
        target = dtype if isinstance(dtype, LocalTensor) else None
        element = target.dtype if target is not None else dtype_argument(dtype, name)
        assert element is not None
        src, dst = self._user_positions(src_user_pos, dst_user_pos, name)
        op = builder.insert(ir.DequeOp(self.ssa, element.to_ir(), src, dst))
        tensor = LocalTensor.wrap(op.result, element, self.dst, self)
        if target is not None:
            target.rebind(tensor)
            return target
        return tensor

    @record(
        forms=("q.free_tensor(t)",),
        cpp=("template <typename T> void FreeTensor(LocalTensor<T>& tensor);",),
        title="q.free_tensor",
    )
    def free_tensor(self, tensor: Any) -> None:
        """Return a tensor's buffer to the queue."""
        builder, name = self._api("free_tensor")
        if not isinstance(tensor, LocalTensor):
            raise ApiTypeError(f"{name}: expected a LocalTensor, got {describe(tensor)}")
        builder.insert(ir.FreeTensorOp(self.ssa, tensor.ssa))

    def _query(self, query: ir.QueueQuery) -> RuntimeScalar:
        builder, _ = self._api(str(query))
        op = builder.insert(ir.QueueQueryOp(query, self.ssa))
        return RuntimeScalar(op.result, bit if query.returns_bool else int32, origin="a queue's state")

    @record(
        forms=("count = q.get_tensor_count_in_que()",),
        cpp=("int32_t GetTensorCountInQue();",),
        title="q.get_tensor_count_in_que",
    )
    def get_tensor_count_in_que(self) -> RuntimeScalar:
        """How many tensors are enqueued (``int32``)."""
        return self._query(ir.QueueQuery.GET_TENSOR_COUNT_IN_QUE)

    @record(forms=("idle = q.has_idle_buffer()",), cpp=("bool HasIdleBuffer();",), title="q.has_idle_buffer")
    def has_idle_buffer(self) -> RuntimeScalar:
        """Whether ``alloc_tensor`` would find a free buffer."""
        return self._query(ir.QueueQuery.HAS_IDLE_BUFFER)

    @record(forms=("queued = q.has_tensor_in_que()",), cpp=("bool HasTensorInQue();",), title="q.has_tensor_in_que")
    def has_tensor_in_que(self) -> RuntimeScalar:
        """Whether a tensor is enqueued."""
        return self._query(ir.QueueQuery.HAS_TENSOR_IN_QUE)

    @record(forms=("vacant = q.vacant_in_que()",), cpp=("bool VacantInQue();",), title="q.vacant_in_que")
    def vacant_in_que(self) -> RuntimeScalar:
        """Whether another tensor can be enqueued."""
        return self._query(ir.QueueQuery.VACANT_IN_QUE)

    @staticmethod
    def _user_positions(src: Any, dst: Any, api: str) -> tuple[ir.TPosition | None, ir.TPosition | None]:
        if src is None and dst is None:
            return None, None
        if src is None or dst is None:
            raise ApiTypeError(user_positions_message(api))
        s = compile_time_position(src, api, "src_user_pos")
        d = compile_time_position(dst, api, "dst_user_pos")
        return ir.TPosition[s.name], ir.TPosition[d.name]

    def _protected(self, name: str) -> NoReturn:
        not_for_the_npu(
            f"TQueBind.{name}",
            protected_reason(name),
            "the queue manages its buffers and events itself (alloc_tensor, enque, deque, free_tensor)",
        )

    @record(**protected_record("free_all_event", "que.free_all_event()"))
    def free_all_event(self) -> None:
        """pyasc exposes ``FreeAllEvent``, a protected member of CANN's ``TQueBind``."""
        self._protected("free_all_event")

    @record(
        **protected_record("init_buf_handle", "que.init_buf_handle(buf_pool, index, buf_handle, cur_pool_addr, len)")
    )
    def init_buf_handle(self, buf_pool: Any, index: Any, buf_handle: Any, cur_pool_addr: Any, len: Any) -> None:
        """pyasc exposes ``InitBufHandle``, a protected member of CANN's ``TQueBind``."""
        del buf_pool, index, buf_handle, cur_pool_addr, len
        self._protected("init_buf_handle")

    @record(**protected_record("init_start_buf_handle", "que.init_start_buf_handle(start_buf_handle, num, len)"))
    def init_start_buf_handle(self, start_buf_handle: Any, num: Any, len: Any) -> None:
        """pyasc exposes ``InitStartBufHandle``, a protected member of CANN's ``TQueBind``."""
        del start_buf_handle, num, len
        self._protected("init_start_buf_handle")


@record(
    forms=("q = asc.TQue(pos, depth)",),
    cpp=("AscendC::TQue<AscendC::TPosition::POS, depth> q;",),
    params=(
        ("pos", "compile-time: VECIN, VECOUT, A1, B1, A2, B2, C1, C2, CO1, CO2"),
        ("depth", "a compile-time int, at least 1"),
    ),
    rules=(
        f'"{DEPTH_REQUIRED}"; "{queue_position_message(TPosition.VECCALC)}" (scratch memory is a ``TBuf``); a runtime '
        f'depth: "{compile_time_int_message("TQue", "depth", "a runtime int32 value")}".',
    ),
    title="asc.TQue",
)
class TQue(TQueBind):
    """A queue at one position with room for ``depth`` enqueued tensors; ``depth`` is required."""

    __slots__ = ()

    def __init__(self, pos: Any = TPosition.VECIN, depth: Any = None, mask: Any = 0) -> None:
        builder = active("TQue")
        position = compile_time_position(pos, "TQue", "pos")
        if depth is None:
            raise ApiTypeError(DEPTH_REQUIRED, "e.g. asc.TQue(asc.TPosition.VECIN, 2)")
        self.depth = compile_time_int(depth, "TQue", "depth", minimum=1)
        if position not in QUEUE_POSITIONS:
            hint = (
                "scratch memory is asc.TBuf(asc.TPosition.VECCALC)"
                if position is TPosition.VECCALC
                else "queues hold on-chip buffers: VECIN, VECOUT, A1, B1, A2, B2, CO1, ..."
            )
            raise ApiValueError(queue_position_message(position), hint)
        self.src = self.dst = position
        Handle.__init__(self, builder.insert(ir.DeclareOp(ir.TQueType(ir.TPosition[position.name], self.depth))).result)


__all__ = ["TQue", "TQueBind"]

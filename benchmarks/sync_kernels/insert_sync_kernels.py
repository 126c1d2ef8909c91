"""Kernels written for automatic synchronization, in the style of pyasc's ``insert_sync`` tests: the
queue tensors have no ``enque``/``deque`` and there are no flags, so every order between the copy-in,
the vector op and the copy-out must come from the compiler.  The file runs under pyasc (``import
asc``) and under ascx (``import ascx as asc``); ``benchmarks/sync_insertion_counts.py`` compares
what the two insert.
"""

try:
    import asc  # pyasc 1.1.1 (through ../shared/tools/pyasc-ref)
except ImportError:
    import ascx as asc

TILES = 4


@asc.jit(insert_sync=True)
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * 4)
    pipe.init_buffer(qy, 1, tile * 4)
    pipe.init_buffer(qz, 1, tile * 4)
    for i in range(TILES):
        xl = qx.alloc_tensor(asc.float32)
        yl = qy.alloc_tensor(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[i * tile :], tile)
        asc.data_copy(yl, y_gm[i * tile :], tile)
        asc.add(zl, xl, yl, tile)
        asc.data_copy(z_gm[i * tile :], zl, tile)
        qx.free_tensor(xl)
        qy.free_tensor(yl)
        qz.free_tensor(zl)


@asc.jit(insert_sync=True)
def vadd_scalar(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * 4)
    pipe.init_buffer(qz, 1, tile * 4)
    for i in range(TILES):
        xl = qx.alloc_tensor(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[i * tile :], tile)
        asc.adds(zl, xl, 2.0, tile)
        asc.data_copy(z_gm[i * tile :], zl, tile)
        qx.free_tensor(xl)
        qz.free_tensor(zl)


@asc.jit(insert_sync=True)
def matmul(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    z: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    """C = A @ B on the cube (one synchronous IterateAll into GM), then ReLU of C's first tile on the
    vector unit: copy in, relu, copy out through queue tensors without enque/deque."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qc, 1, 1024)
    pipe.init_buffer(qz, 1, 1024)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()
    cl = qc.alloc_tensor(asc.float32)
    zl = qz.alloc_tensor(asc.float32)
    asc.data_copy(cl, c_gm, 256)
    asc.relu(zl, cl, 256)
    asc.data_copy(z_gm, zl, 256)
    qc.free_tensor(cl)
    qz.free_tensor(zl)

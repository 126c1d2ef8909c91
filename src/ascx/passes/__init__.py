"""ascx's passes, registered lazily by name (as xDSL registers its own).

Each pass lives in a module of its own and is a ``ModulePass`` with a kebab-case ``name``.
"""

from collections.abc import Callable

from xdsl.passes import ModulePass


def _kernel_type() -> type[ModulePass]:
    from ascx.passes.kernel_type import KernelTypePass

    return KernelTypePass


def _kernel_prologue() -> type[ModulePass]:
    from ascx.passes.kernel_prologue import KernelProloguePass

    return KernelProloguePass


def _matmul_register() -> type[ModulePass]:
    from ascx.passes.matmul_register import MatmulRegisterPass

    return MatmulRegisterPass


def _migrate_async_get_tensor_c() -> type[ModulePass]:
    from ascx.passes.migrate_async_get_tensor_c import MigrateAsyncGetTensorCPass

    return MigrateAsyncGetTensorCPass


def _insert_sync() -> type[ModulePass]:
    from ascx.passes.insert_sync import InsertSyncPass

    return InsertSyncPass


def _verify_matmul_sync() -> type[ModulePass]:
    from ascx.passes.verify_matmul_sync import VerifyMatmulSyncPass

    return VerifyMatmulSyncPass


def _verify_pipe_sync() -> type[ModulePass]:
    from ascx.passes.verify_pipe_sync import VerifyPipeSyncPass

    return VerifyPipeSyncPass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory of the pass class."""
    return {
        "ascx-matmul-register": _matmul_register,
        "ascx-migrate-async-get-tensor-c": _migrate_async_get_tensor_c,
        "ascx-kernel-type": _kernel_type,
        "ascx-kernel-prologue": _kernel_prologue,
        "ascx-insert-sync": _insert_sync,
        "ascx-verify-matmul-sync": _verify_matmul_sync,
        "ascx-verify-pipe-sync": _verify_pipe_sync,
    }

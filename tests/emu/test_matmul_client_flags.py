"""The MIX Matmul client's first-iteration flag (CANN's ``kfcMsg_.body.isFirstIter``): SetTensorA, SetTensorB
and SetBias(LocalTensor) set it, every message the client posts to the AIC clears it, and the calls that post
a whole computation (IterateAll, IterateBatch, IterateNBatch) assert it.  examples/matmul_batch_async.py
sets the tensors again before its ``iterate_n_batch``; without that, the emulation stops as CANN does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ascx.emu.launch import EmulationError
from ascx.testing import line_of, load_kernel_source
from ascx.testing.tilings import system_workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "matmul_batch_async.py"
AGAIN = "    matmul.set_tensor_a(a_global)\n    matmul.set_tensor_b(b_global)\n    matmul.iterate_n_batch("


def test_a_batch_computation_without_new_tensors_is_stopped(tmp_path: Path) -> None:
    source = EXAMPLE.read_text()
    assert source.count(AGAIN) == 1
    module = load_kernel_source(tmp_path, source.replace(AGAIN, "    matmul.iterate_n_batch("))
    batch, s1, s2, heads, groups, d = 4, 16, 16, 1, 2, 32
    a = np.ones((batch, s1, heads, groups, d), np.float16)
    b = np.ones((batch, d, heads, groups, s2), np.float16)
    c = np.zeros((batch, s1, heads, groups, s2), np.float32)
    tiling = module.generate_tiling(batch, s1, s2, heads, groups, d)
    with pytest.raises(EmulationError) as caught:
        module.matmul_batch_async[1](a, b, c, c.copy(), system_workspace(), tiling)
    assert caught.value.message.endswith(
        "Matmul 'matmul': IterateNBatch: SetTensorA / SetTensorB was not called since the client's last message "
        "to the AIC (CANN asserts kfcMsg_.body.isFirstIter: every message the client posts, such as Init, "
        "SetOrgShape or a computation, clears it; set the tensors again before each computation)"
    ), caught.value.message
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "matmul.iterate_n_batch(")

"""The example kernels under ``examples/`` with the arguments they are compiled for (the ``--args``
of their docstrings), for tests and benchmarks that run every example."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ascx.cli.kernel_loading import find_kernel, load_module, parse_arguments
from ascx.runtime.jit import JITFunction

EXAMPLES_DIR = Path(__file__).resolve().parents[3] / "examples"

_MATMUL = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32)"
EXAMPLE_ARGUMENTS: dict[str, str] = {
    "vector_add": "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)",
    "vector_add_queues": (
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 128"
    ),
    "matmul_leaky_relu": (
        f"{_MATMUL}, MockTensor(asc.float32), MockValue(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)"
    ),
    "matmul_async_get_tensor_c": f"{_MATMUL}, MockTensor(asc.uint8), asc.adv.TCubeTiling",
    "matmul_batch_async": f"{_MATMUL}, MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling",
    "matmul_iterate_async": f"{_MATMUL}, MockTensor(asc.uint8), asc.adv.TCubeTiling",
    "matmul_mix": f"{_MATMUL}, asc.adv.TCubeTiling, MockTensor(asc.uint8)",
    "matmul_cube_only": f"{_MATMUL}, MockTensor(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)",
    "matmul_iterate_all_async": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8)"
    ),
    "matmul_softmax": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling, "
        "asc.adv.SoftmaxTiling, 4096, 4"
    ),
    "cube_matmul": _MATMUL,
    "cube_matmul_queues": "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16)",
    "cube_matmul_transpose": "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16)",
    "rmsnorm_quant": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.int8), asc.adv.RmsNormTiling, 4096, "
        "MockValue(asc.int32), MockValue(asc.float32), MockValue(asc.float32), MockValue(asc.float32)"
    ),
    "matmul_mix_dual_master": f"{_MATMUL}, MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling",
    "matmul_mix_dual_master_1_1": f"{_MATMUL}, MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling",
    "flash_attention": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), "
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float16), MockTensor(asc.float32), "
        "MockTensor(asc.uint8), asc.adv.TCubeTiling, asc.adv.TCubeTiling, asc.adv.SoftmaxTiling, 1, 64, 64, 0.125, "
        "1024, 64, 64, 64, False, True"
    ),
}
"""Example name -> its kernel arguments as ``ascx compile --args`` takes them."""


def example_kernel(name: str) -> tuple[JITFunction[..., Any], list[Any]]:
    """The kernel of ``examples/<name>.py`` (the function named like the file) and its arguments."""
    path = EXAMPLES_DIR / f"{name}.py"
    kernel = find_kernel(load_module(path), path, name)
    return kernel, parse_arguments(EXAMPLE_ARGUMENTS[name])

"""pyasc's ``asc.language.adv`` (``asc.adv``): the high-level library: the Matmul API, the math
functions, ``softmax``, ``rmsnorm``, ``quant``, ``concat``/``extract`` and their tiling structs."""

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if not docstrings_wanted():
        return
    from ascx.language.adv.api_docs import apply_docstrings as document_matmul
    from ascx.language.adv.lib_api_docs import apply_docstrings as document_library

    document_matmul()
    document_library()


__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language.adv": "activation normalization quantization sort types utils math",
        "ascx.language.adv.activation": "softmax",
        "ascx.language.adv.config_helpers": (
            "MatmulBatchParams MatmulFuncParams MatmulQuantParams MatmulShapeParams QuantConfig get_basic_config "
            "get_ib_share_norm_config get_mdl_config get_mm_config get_normal_config get_special_basic_config "
            "get_special_mdl_config "
        ),
        "ascx.language.adv.lib_tiling": "RmsNormTiling SoftmaxTiling",
        "ascx.language.adv.math": (
            "acos acosh asin asinh atan atanh axpy ceil cos cosh digamma erf erfc exp floor frac lgamma log power "
            "round sign sin sinh tan tanh trunc xor "
        ),
        "ascx.language.adv.matmul": "Matmul register_matmul",
        "ascx.language.adv.matmul_config": "MatmulConfig",
        "ascx.language.adv.matmul_type": "MatmulType",
        "ascx.language.adv.matrix_offset": "MatrixOffset",
        "ascx.language.adv.normalization": "rmsnorm",
        "ascx.language.adv.quantization": "quant",
        "ascx.language.adv.sort": "concat extract",
        "ascx.language.adv.static_tiling": "MatmulApiStaticTiling get_matmul_api_tiling",
        "ascx.language.adv.tiling": "TCubeTiling",
        "ascx.language.core.enums": (
            "BatchMode BatchOutMode CubeFormat IterateMode IterateOrder LayoutMode MatmulConfigMode MatmulPolicy "
            "ScheduleType TPosition "
        ),
    },
    star_submodules="activation math normalization quantization sort types utils",
    on_first_use=_document,
)

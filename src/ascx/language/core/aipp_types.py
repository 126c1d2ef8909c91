"""pyasc's ``asc.language.core.aipp_types``: the parameter classes of the AIPP image pre-processing
(``AippParams`` and its parts).  They belong to the image-load API (``load_image_to_local``,
``set_aipp_functions``), which adds them here."""

__all__: list[str] = []

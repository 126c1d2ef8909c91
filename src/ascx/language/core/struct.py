"""pyasc's ``asc.language.core.struct``: structs a kernel receives from the host.  ascx's struct
kernel parameters implement the ``KernelStruct`` protocol of ``ascx.tracer.signature`` (as
``asc.adv.TCubeTiling`` does); pyasc's generic ``Struct``/``Field`` classes for user-defined structs
are not provided yet."""

__all__: list[str] = []

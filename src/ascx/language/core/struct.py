"""pyasc's ``asc.language.core.struct``: structs a kernel receives from the host, declared in Python
(docs/reference/pyasc_parity.md#structs-declared-in-python).

    class TileConfig(Struct):
        tile_length = Field(dtype=KnownTypes.int32, default=0)
        tile_num = Field(dtype=KnownTypes.int32, default=0)

    class KernelConfig(Struct):
        tile = StructField(TileConfig)

On the host a struct is its bytes (a ``ctypes.Structure`` laid out as C++ lays out the struct, ``pack``
at most 8 as pyasc's); its fields read and assign as attributes.  Passed to a kernel it becomes a
``__gm__ KernelConfig*`` parameter that the kernel copies into a local struct at entry, as
``asc.adv.TCubeTiling`` does; reading a field in the kernel emits the read
(``int32_t v = kernel_config.tile.tile_length;``).  The printed C++ defines every struct a kernel uses
before the kernel.  Built in a kernel (``TileConfig(tile_length=n)``) it declares a local struct and
assigns the given fields.  In a kernel, fields are ``int32`` or ``float32`` (the local copy is made
word by word); a struct with other fields is an error where the kernel receives or builds it.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar, Self

from xdsl.ir import Attribute, SSAValue

from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import IRBuilder, active, is_tracing
from ascx.language.core.dtype import DataType, float32, int32
from ascx.language.core.values import Handle, RuntimeScalar

CTYPES: dict[str, type[Any]] = {
    "int1": ctypes.c_bool,
    "int8": ctypes.c_int8,
    "int16": ctypes.c_int16,
    "int32": ctypes.c_int32,
    "int64": ctypes.c_int64,
    "uint8": ctypes.c_uint8,
    "uint16": ctypes.c_uint16,
    "uint32": ctypes.c_uint32,
    "uint64": ctypes.c_uint64,
    "float32": ctypes.c_float,
    "float64": ctypes.c_double,
}
"""The host type of a field's data type (pyasc's ``dtype_ctype``)."""

KERNEL_TYPES = (int32, float32)
"""The field types a kernel reads and writes."""

missing = object()
"""A field without a default (pyasc's sentinel)."""

_STRUCTS: dict[str, type[Struct]] = {}
"""The Struct classes by their C++ name: the printer defines those a kernel uses."""


def kernel_field_message(struct: str, path: str, dtype: DataType) -> str:
    return (
        f"{struct}: field '{path}' is {dtype}; a kernel reads and writes int32 and float32 struct fields "
        "(its local copy is made word by word)"
    )


class BaseField:
    """A member of a Struct: its default and its C++ member name (the attribute's, unless ``name``)."""

    def __init__(self, default: Any = missing, name: str | None = None) -> None:
        self.default = default
        self.name = name
        self.attribute = ""

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.attribute = attribute

    @property
    def member(self) -> str:
        """The C++ member name."""
        return self.name if self.name is not None else self.attribute

    def ctypes_cls(self) -> type[Any]:
        raise NotImplementedError

    def ctypes_value(self, value: Any) -> Any:
        raise NotImplementedError

    def __get__(self, instance: Struct | None, owner: type) -> Any:
        if instance is None:
            return self
        return instance.ascx_read(self)

    def __set__(self, instance: Struct, value: Any) -> None:
        instance.ascx_write(self, value)


class Field(BaseField):
    """A scalar member of data type ``dtype``; ``enum`` names the C++ enum type pyasc assigns through."""

    def __init__(
        self, dtype: DataType, default: Any = missing, name: str | None = None, enum: str | None = None
    ) -> None:
        super().__init__(default, name)
        self.dtype = dtype
        self.enum_name = enum

    def ctypes_cls(self) -> type[Any]:
        return CTYPES[self.dtype.name]

    def ctypes_value(self, value: Any) -> Any:
        return value


class StructField(BaseField):
    """A member that is a struct of class ``struct_cls`` (by default its all-defaults value)."""

    def __init__(self, struct_cls: type[Struct], default: Any = None, name: str | None = None) -> None:
        super().__init__(struct_cls() if default is None else default, name)
        self.struct_cls = struct_cls

    def ctypes_cls(self) -> type[Any]:
        return self.struct_cls.ctypes_class

    def ctypes_value(self, value: Any) -> Any:
        return value.ctypes_struct if isinstance(value, Struct) else value


class Struct(Handle):
    """The base of user-declared structs: subclasses list their members as ``Field``/``StructField`` class
    attributes (at least one)."""

    __slots__ = ("_host", "_path", "_reads", "_root")

    struct_fields: ClassVar[dict[str, BaseField]]
    ctypes_class: ClassVar[type[ctypes.Structure]]

    def __init_subclass__(cls, pack: int = 8, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.struct_fields = {k: v for k, v in vars(cls).items() if isinstance(v, BaseField)}
        if not cls.struct_fields:
            raise RuntimeError(f"Struct '{cls.__name__}' must have at least one field")
        from ascx.dialects.ascendc.adv_ops import LIB_TILING_FIELDS

        if cls.__name__ in LIB_TILING_FIELDS and cls.__name__ not in _STRUCTS:
            raise RuntimeError(f"Struct '{cls.__name__}': CANN declares a struct of this name; choose another")
        members = [(f.member, f.ctypes_cls()) for f in cls.struct_fields.values()]
        cls.ctypes_class = type(f"_ctypes_{cls.__name__}", (ctypes.Structure,), {"_fields_": members, "_pack_": pack})
        _STRUCTS[cls.__name__] = cls
        LIB_TILING_FIELDS[cls.__name__] = tuple(cls.ascx_kernel_members())

    @classmethod
    def ascx_kernel_members(cls, prefix: str = "") -> list[tuple[str, str]]:
        """The members a kernel reads and writes, nested ones by their path (``tile.tile_length``), with
        their IR types: what the dialect verifies a struct's reads against."""
        out: list[tuple[str, str]] = []
        for field in cls.struct_fields.values():
            if isinstance(field, StructField):
                out += field.struct_cls.ascx_kernel_members(f"{prefix}{field.member}.")
            elif isinstance(field, Field) and field.dtype in KERNEL_TYPES:
                out.append((prefix + field.member, "f32" if field.dtype == float32 else "i32"))
        return out

    def __init__(self, **fields: Any) -> None:
        super().__init__()
        object.__setattr__(self, "_path", "")
        object.__setattr__(self, "_reads", {})
        object.__setattr__(self, "_root", self)
        name = type(self).__name__
        for key in fields:
            if key not in self.struct_fields:
                raise RuntimeError(f"{name} does not have a field '{key}'")
        if is_tracing():
            from ascx.dialects.ascendc.adv_ops import LibTilingOp

            builder = active(name)
            type(self).ascx_check_kernel_fields(name)
            object.__setattr__(self, "_host", None)
            self.bind(builder.insert(LibTilingOp(name)).result)
            for key, value in fields.items():
                setattr(self, key, value)
            return
        values: dict[str, Any] = {}
        for key, field in self.struct_fields.items():
            value = fields.get(key, field.default)
            if value is missing:
                raise RuntimeError(f"{name} does not have a default value for '{key}'")
            values[field.member] = field.ctypes_value(value)
        object.__setattr__(self, "_host", self.ctypes_class(**values))

    # -- host ------------------------------------------------------------------------------------

    @property
    def ctypes_struct(self) -> ctypes.Structure:
        """The host struct (pyasc's attribute)."""
        host: ctypes.Structure | None = object.__getattribute__(self, "_host")
        if host is None:
            raise RuntimeError(f"{type(self).__name__} built in a kernel has no host bytes")
        return host

    @classmethod
    def get_field(cls, name: str) -> BaseField:
        field = cls.struct_fields.get(name)
        if field is None:
            raise RuntimeError(f"{cls.__name__} does not have a field '{name}'")
        return field

    def addressof(self) -> int:
        """The host address of the struct's bytes."""
        return int(ctypes.addressof(self.ctypes_struct))

    def pack(self) -> bytes:
        """The struct's bytes, what a kernel parameter receives."""
        return ctypes.string_at(ctypes.addressof(self.ctypes_struct), ctypes.sizeof(self.ctypes_struct))

    def __ascx_fingerprint__(self) -> str | None:
        """Host structs by value (see ``ascx.runtime.fingerprint``); kernel-local ones have none."""
        return None if self.is_bound else f"{type(self).__name__}:{self.pack().hex()}"

    # -- fields ----------------------------------------------------------------------------------

    def ascx_read(self, field: BaseField) -> Any:
        """A field's value: on the host the struct's (a nested struct shares its bytes); in a kernel, the
        emitted read (a nested struct is a view that reads through the same local struct)."""
        host: ctypes.Structure | None = object.__getattribute__(self, "_host")
        if host is not None:
            value = getattr(host, field.member)
            if isinstance(field, StructField):
                return field.struct_cls.ascx_view(host=value)
            return value
        path = object.__getattribute__(self, "_path") + field.member
        root: Struct = object.__getattribute__(self, "_root")
        if isinstance(field, StructField):
            return field.struct_cls.ascx_view(root=root, path=path + ".")
        assert isinstance(field, Field)
        return root.ascx_emit_read(path, field.dtype)

    def ascx_write(self, field: BaseField, value: Any) -> None:
        host: ctypes.Structure | None = object.__getattribute__(self, "_host")
        if host is not None:
            setattr(host, field.member, field.ctypes_value(value))
            return
        name = type(self).__name__
        if isinstance(field, StructField):
            raise ApiTypeError(
                f"{name}: a kernel cannot assign the struct member '{field.member}' as a whole",
                "assign its fields one by one",
            )
        from ascx.dialects.ascendc.adv_ops import LibTilingSetOp
        from ascx.language.core.convert import scalar_operand

        assert isinstance(field, Field)
        builder = active(name)
        root: Struct = object.__getattribute__(self, "_root")
        path = object.__getattribute__(self, "_path") + field.member
        operand = scalar_operand(builder, value, field.dtype, api=name, param=field.attribute)
        builder.insert(LibTilingSetOp(root.ssa, path, operand))
        reads: dict[str, RuntimeScalar] = object.__getattribute__(root, "_reads")
        reads.pop(path, None)

    def ascx_emit_read(self, path: str, dtype: DataType) -> RuntimeScalar:
        from ascx.dialects.ascendc.adv_ops import LibTilingGetOp

        builder = active(type(self).__name__)
        reads: dict[str, RuntimeScalar] = object.__getattribute__(self, "_reads")
        cached = reads.get(path)
        if cached is not None and builder.dominates(cached.ssa):
            return cached
        value = RuntimeScalar(builder.insert(LibTilingGetOp(self.ssa, path)).result, dtype)
        value.origin = f"a field of {type(self).__name__} {self.describe()}, read at run time"
        value.suggest_name(path.rsplit(".", 1)[-1])
        reads[path] = value
        return value

    @classmethod
    def ascx_view(cls, *, host: ctypes.Structure | None = None, root: Struct | None = None, path: str = "") -> Self:
        """A nested struct: the host bytes it shares with its parent, or the kernel struct and member path
        its fields are read through."""
        view = object.__new__(cls)
        Handle.__init__(view)
        object.__setattr__(view, "_host", host)
        object.__setattr__(view, "_path", path)
        object.__setattr__(view, "_reads", {})
        object.__setattr__(view, "_root", root if root is not None else view)
        return view

    # -- kernel parameters (ascx.tracer.signature.KernelStruct) ----------------------------------

    @classmethod
    def ascx_check_kernel_fields(cls, api: str, prefix: str = "") -> None:
        """Every scalar member, nested ones too, is a type a kernel reads and writes."""
        for field in cls.struct_fields.values():
            if isinstance(field, StructField):
                field.struct_cls.ascx_check_kernel_fields(api, f"{prefix}{field.member}.")
            elif isinstance(field, Field) and field.dtype not in KERNEL_TYPES:
                raise ApiTypeError(
                    kernel_field_message(api, prefix + field.member, field.dtype), "declare it as int32 or float32"
                )

    @classmethod
    def ascx_struct_type(cls) -> Attribute:
        from ascx.dialects.ascendc.types import LibTilingType

        return LibTilingType(cls.__name__)

    @classmethod
    def ascx_from_kernel_argument(cls, builder: IRBuilder, addr: SSAValue, name: str) -> Self:
        from ascx.dialects.ascendc.adv_ops import LibTilingLoadOp

        struct = cls.ascx_view()  # its fields were checked with the arguments (ascx.runtime.jit)
        Handle.__init__(struct, origin=f"a field of a {cls.__name__} kernel argument")
        struct.bind(builder.insert(LibTilingLoadOp(addr)).result)
        struct.suggest_name(name)
        return struct

    def __repr__(self) -> str:
        if self.is_bound:
            return f"{type(self).__name__}({self.describe()})"
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self.struct_fields)})"


def cpp_definition(cls: type[Struct]) -> str:
    """The C++ definition of a struct (its nested structs are defined before it)."""
    from ascx.target.printer import scalar_type

    lines = [f"struct {cls.__name__} {{"]
    for field in cls.struct_fields.values():
        if isinstance(field, StructField):
            lines.append(f"    {field.struct_cls.__name__} {field.member};")
        elif isinstance(field, Field):
            lines.append(f"    {scalar_type(field.dtype.to_ir())} {field.member};")
    lines.append("};")
    return "\n".join(lines)


def defined_struct(name: str) -> type[Struct] | None:
    """The Struct class of a C++ struct name, if a kernel struct of ``name`` was declared in Python."""
    return _STRUCTS.get(name)


__all__: list[str] = []

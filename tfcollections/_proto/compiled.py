# SPDX-License-Identifier: Apache-2.0
"""The compiled schema: everything the readers and the writer need, derived once from the literal tables.

Strategy: ``schema.py`` says what TensorFlow declares, one row per field. The first time a message is asked
for (``COMPILED[name]``), it and every message it refers to are turned into ``CompiledMessage``s holding every
derived table, so that no other module builds tables of its own or reaches into another's, and a program
pays at import for the messages it reads (a model's, not an event file's):

- for the binary decoder: ``table``, from the *integer tag* (field number and wire type) to an
  ``(op, field name, argument)`` triple, the same as a list indexed by the one-byte tags (``by_byte``:
  fields 1 to 15, nearly every tag TensorFlow writes), and ``new()``, a fresh dict of defaults;
- for the encoder: ``encode_order`` (fields by number, as protobuf writes them) and ``oneofs``;
- for the text reader: ``fields``, a ``CompiledField`` per field name, with the compiled message of
  its value (and of a map's entries).

Which tags a field is read from, and with which op, is one literal table (``_READ_AS``). A tag that
protobuf would not accept for the field (a varint where a string is declared) is absent from
``table``, so it takes the unknown-field path exactly as protobuf does. Repeated numbers are read
packed and not, as protobuf reads them whatever the ``.proto`` says.
"""

from __future__ import annotations

from .schema import (
    BOOL,
    BYTES,
    COLLECTIONS,
    DOUBLE,
    ENUM,
    ENUMS,
    FIXED32,
    FLOAT,
    INT32,
    INT64,
    MAP,
    MESSAGE,
    MESSAGES,
    SKIPPED,
    STRING,
    UINT32,
    UINT64,
    Field,
    Message,
)
from .wire import WIRETYPE_FIXED32, WIRETYPE_FIXED64, WIRETYPE_LENGTH_DELIMITED, WIRETYPE_VARINT, tag_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import (
        Any,
        Callable,
        Dict,
        Final,
        FrozenSet,
        ItemsView,
        Iterable,
        Iterator,
        KeysView,
        List,
        Optional,
        Set,
        Tuple,
        Union,
        ValuesView,
    )

    from .._typing import Decoded

    Op = Tuple[int, str, Any]

# Ops are numbered by wire type (length-delimited, then varint, then fixed32, then fixed64), so the decode
# loop picks the wire type's branch by comparing the op (``op < FIRST_VARINT_OP``) without computing
# ``tag & 7``. Within a wire type, the ops of the collections' messages come first (the loop tests them in
# order); those of the checkpoint's messages (unsigned and double numbers) last.
# Ops of length-delimited tags, in the order the loop tests them: most frequent first.
OP_STRING: Final = 0
OP_REPEATED_STRING: Final = 1
OP_MAP: Final = 2
OP_MESSAGE: Final = 3
OP_REPEATED_MESSAGE: Final = 4
OP_ONEOF_MESSAGE: Final = 5
OP_PACKED_VARINT: Final = 6
OP_PACKED_FLOAT: Final = 7
OP_BYTES: Final = 8
OP_REPEATED_BYTES: Final = 9
OP_ONEOF_STRING: Final = 10
OP_ONEOF_BYTES: Final = 11
OP_REPEATED_SKIPPED: Final = 12
OP_ONEOF_SKIPPED: Final = 13
OP_SKIPPED: Final = 14
OP_PACKED_DOUBLE: Final = 15
# Ops of varint tags.
OP_BOOL: Final = 16
OP_INT32: Final = 17
OP_INT64: Final = 18
OP_ENUM: Final = 19
OP_REPEATED_VARINT: Final = 20
OP_ONEOF_VARINT: Final = 21
# Ops of fixed32 tags.
OP_FLOAT: Final = 22
OP_REPEATED_FLOAT: Final = 23
OP_ONEOF_FLOAT: Final = 24
OP_FIXED32: Final = 25
# Ops of fixed64 tags.
OP_REPEATED_DOUBLE: Final = 26
OP_DOUBLE: Final = 27
OP_ONEOF_DOUBLE: Final = 28

FIRST_VARINT_OP: Final = OP_BOOL
FIRST_FIXED32_OP: Final = OP_FLOAT
FIRST_FIXED64_OP: Final = OP_REPEATED_DOUBLE

_LEN: Final = WIRETYPE_LENGTH_DELIMITED
_VARINT: Final = WIRETYPE_VARINT
_FIXED32: Final = WIRETYPE_FIXED32
_FIXED64: Final = WIRETYPE_FIXED64

# (field type, repeated, member of a oneof) -> the (wire type, op) of every tag the field is read from.
# fmt: off
_READ_AS: Final[Dict[Tuple[str, bool, bool], Tuple[Tuple[int, int], ...]]] = {
    (STRING, False, False):  ((_LEN, OP_STRING),),
    (STRING, True, False):   ((_LEN, OP_REPEATED_STRING),),
    (STRING, False, True):   ((_LEN, OP_ONEOF_STRING),),
    (BYTES, False, False):   ((_LEN, OP_BYTES),),
    (BYTES, True, False):    ((_LEN, OP_REPEATED_BYTES),),
    (MESSAGE, False, False): ((_LEN, OP_MESSAGE),),
    (MESSAGE, True, False):  ((_LEN, OP_REPEATED_MESSAGE),),
    (MESSAGE, False, True):  ((_LEN, OP_ONEOF_MESSAGE),),
    (MAP, False, False):     ((_LEN, OP_MAP),),
    (BYTES, False, True):    ((_LEN, OP_ONEOF_BYTES),),
    (SKIPPED, False, False): ((_LEN, OP_SKIPPED),),
    (SKIPPED, True, False):  ((_LEN, OP_REPEATED_SKIPPED),),
    (SKIPPED, False, True):  ((_LEN, OP_ONEOF_SKIPPED),),
    (BOOL, False, False):    ((_VARINT, OP_BOOL),),
    (INT32, False, False):   ((_VARINT, OP_INT32),),
    (INT64, False, False):   ((_VARINT, OP_INT64),),
    (ENUM, False, False):    ((_VARINT, OP_ENUM),),
    (BOOL, False, True):     ((_VARINT, OP_ONEOF_VARINT),),
    (INT32, False, True):    ((_VARINT, OP_ONEOF_VARINT),),
    (INT64, False, True):    ((_VARINT, OP_ONEOF_VARINT),),
    (ENUM, False, True):     ((_VARINT, OP_ONEOF_VARINT),),
    (BOOL, True, False):     ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (INT32, True, False):    ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (INT64, True, False):    ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (ENUM, True, False):     ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (FLOAT, False, False):   ((_FIXED32, OP_FLOAT),),
    (FLOAT, True, False):    ((_FIXED32, OP_REPEATED_FLOAT), (_LEN, OP_PACKED_FLOAT)),
    (FLOAT, False, True):    ((_FIXED32, OP_ONEOF_FLOAT),),
    # The checkpoint's messages: only the forms they have (TensorProto's repeated values, the entry's CRC).
    # A schema row of another form fails the import here, until its op is written and tested.
    (UINT32, True, False):   ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (UINT64, True, False):   ((_VARINT, OP_REPEATED_VARINT), (_LEN, OP_PACKED_VARINT)),
    (FIXED32, False, False): ((_FIXED32, OP_FIXED32),),
    (DOUBLE, True, False):   ((_FIXED64, OP_REPEATED_DOUBLE), (_LEN, OP_PACKED_DOUBLE)),
    # The event files' messages: an event's wall time, a histogram's statistics, an hparam's number.
    (DOUBLE, False, False):  ((_FIXED64, OP_DOUBLE),),
    (DOUBLE, False, True):   ((_FIXED64, OP_ONEOF_DOUBLE),),
}
# fmt: on

_SCALAR_DEFAULTS: Final[Dict[str, Any]] = {
    STRING: "", BYTES: b"", BOOL: False, INT32: 0, INT64: 0, FLOAT: 0.0, DOUBLE: 0.0, UINT32: 0, UINT64: 0, FIXED32: 0,
}  # fmt: skip


def to_int32(value: int) -> int:
    """An int32 or enum field's value: the low 32 bits of the varint, signed (upb's "munge")."""
    value &= 0xFFFF_FFFF
    return value - 0x1_0000_0000 if value & 0x8000_0000 else value


def to_int64(value: int) -> int:
    return value - 0x1_0000_0000_0000_0000 if value & 0x8000_0000_0000_0000 else value


def _to_bool(value: int) -> bool:
    return value != 0


def to_uint32(value: int) -> int:
    """A uint32 field's value: the low 32 bits of the varint (as upb reads it)."""
    return value & 0xFFFF_FFFF


def to_uint64(value: int) -> int:
    return value & 0xFFFF_FFFF_FFFF_FFFF


def _enum_converter(names: Dict[int, str]) -> Callable[[int], Union[str, int]]:
    def to_enum(value: int) -> Union[str, int]:
        value = to_int32(value)
        return names.get(value, value)

    return to_enum


ENUM_NAMES: Final[Dict[str, Dict[int, str]]] = {}
ENUM_NUMBERS: Final[Dict[str, Dict[str, int]]] = {}
for _enum in ENUMS:
    ENUM_NAMES[_enum.name] = {number: name for name, number in _enum.values}
    ENUM_NUMBERS[_enum.name] = dict(_enum.values)

_VARINT_CONVERTERS: Final[Dict[str, Callable[[int], Any]]] = {
    BOOL: _to_bool, INT32: to_int32, INT64: to_int64, UINT32: to_uint32, UINT64: to_uint64,
}  # fmt: skip


class CompiledField:
    """One field with what reading its value needs beyond the schema row."""

    __slots__ = ("default", "field", "message", "value_message")

    def __init__(self, field: Field, default: Any) -> None:
        self.field = field
        #: The value when the field is absent; None for repeated and map fields, whose list or dict
        #: ``CompiledMessage.new()`` makes afresh for each message.
        self.default = default
        #: MESSAGE: the compiled message of its value; MAP: of its entries ({key, value}).
        self.message: Optional[CompiledMessage] = None
        #: MAP with message values: the compiled message of the values.
        self.value_message: Optional[CompiledMessage] = None


class CompiledMessage:
    """A message schema turned into every table the readers and the writer need."""

    __slots__ = (
        "by_byte",
        "containers",
        "defaults",
        "encode_order",
        "fields",
        "name",
        "new",
        "oneofs",
        "schema",
        "short_name",
        "string_map",
        "table",
    )

    def __init__(self, schema: Message) -> None:
        self.name = schema.name
        self.short_name = schema.name.rsplit(".", 1)[-1]
        self.schema = schema
        self.table: Dict[int, Op] = {}
        #: ``table`` as a list indexed by the one-byte tags (fields 1 to 15), None where absent.
        self.by_byte: List[Optional[Op]] = []
        self.defaults: Decoded = {}
        # Repeated and map fields: each decoded message needs its own list or dict.
        self.containers: Tuple[Tuple[str, Callable[[], Any]], ...] = ()
        #: Field name -> CompiledField, in declaration order.
        self.fields: Dict[str, CompiledField] = {}
        #: The fields in number order: the order protobuf serializes them in.
        self.encode_order: Tuple[Field, ...] = tuple(sorted(schema.fields, key=lambda field: field.number))
        #: Oneof name -> the names of its members.
        self.oneofs: Dict[str, Tuple[str, ...]] = {}
        # A map<string, string> entry: the decode loop reads the usual two-field form inline.
        self.string_map = False
        #: A fresh dict of defaults, the form each decoded message starts from.
        self.new: Callable[[], Decoded] = self.defaults.copy

    def _new_with_containers(self) -> Decoded:
        out = self.defaults.copy()
        for name, factory in self.containers:
            out[name] = factory()
        return out


_LITERAL_TYPES: Final = (str, bytes, bool, int, float, type(None))


def _new_on_first_call(message: CompiledMessage) -> Callable[[], Decoded]:
    """``new`` for a message with lists or maps until it is first called: it then puts the message's own ``new`` in
    its place (``_dict_display``) and calls it. A program compiles the source of those it decodes, not of every
    message it might (a model's summary calls a tenth of them: 6.6 M instructions, 2% of it, were the source of
    them all, compiled at once)."""

    def new() -> Decoded:
        message.new = _dict_display(message)  # a thread that gets here too makes its own: as good, and unused
        return message.new()

    return new


def _dict_display(message: CompiledMessage) -> Callable[[], Decoded]:
    """A message's ``new`` with lists or maps: one dict display, ``{"a": "", "b": [], ...}``.

    Measured: 170 ns against 390 ns for a copy plus a loop that fills in the
    containers (SaveSliceInfoDef, Python 3.11), and messages with containers are
    most of what nested contexts are made of. The source is built from the
    schema's field names and literal defaults only; anything else keeps the loop.
    """
    factories = dict(message.containers)
    entries = []
    for name, default in message.defaults.items():
        if name in factories:
            entries.append(f"{name!r}: {'[]' if factories[name] is list else '{}'}")
        elif isinstance(default, _LITERAL_TYPES) and name.isidentifier():
            entries.append(f"{name!r}: {default!r}")
        else:
            return message._new_with_containers
    namespace: Dict[str, Any] = {}
    exec(f"def new():\n    return {{{', '.join(entries)}}}\n", namespace)
    new: Callable[[], Decoded] = namespace["new"]
    new.__qualname__ = f"{message.short_name}.new"
    return new


def _default_of(field: Field) -> Any:
    if field.oneof or field.type in (MESSAGE, SKIPPED):
        return None  # these have presence: None until seen
    if field.type == ENUM:
        return ENUM_NAMES[field.ref][0]  # proto3: every enum's first value is 0
    return _SCALAR_DEFAULTS[field.type]


def map_entry_schema(owner: Message, field: Field) -> Message:
    """protoc's synthetic entry message of a map field: {1: key, 2: value}; keys here are always strings."""
    entry_name = f"{owner.name}.{''.join(p.capitalize() for p in field.name.split('_'))}Entry"
    value_field = Field(2, "value", field.value, field.ref)
    return Message(entry_name, owner.proto, (Field(1, "key", STRING), value_field))


def _argument(op: int, field: Field, info: CompiledField, siblings: Tuple[str, ...]) -> Any:
    """The third member of a dispatch triple: what the op needs besides the bytes."""
    if op in (OP_MESSAGE, OP_REPEATED_MESSAGE):
        return info.message
    if op == OP_ONEOF_MESSAGE:
        return info.message, siblings
    if op in (OP_ONEOF_STRING, OP_ONEOF_BYTES, OP_ONEOF_FLOAT, OP_ONEOF_DOUBLE):
        return siblings
    if op == OP_ONEOF_SKIPPED:
        return field.ref, siblings
    if op == OP_ONEOF_VARINT:
        convert = _enum_converter(ENUM_NAMES[field.ref]) if field.type == ENUM else _VARINT_CONVERTERS[field.type]
        return convert, siblings
    if op == OP_MAP:
        return info.message, info.value_message
    if op in (OP_SKIPPED, OP_REPEATED_SKIPPED):
        return field.ref  # reported as {"type": ref, "offset": ..., "size": ...}
    if op == OP_ENUM:
        return ENUM_NAMES[field.ref]
    if op in (OP_REPEATED_VARINT, OP_PACKED_VARINT):
        convert = _enum_converter(ENUM_NAMES[field.ref]) if field.type == ENUM else _VARINT_CONVERTERS[field.type]
        # Packed shapes and offsets: values below 2**14 are the same number as int32 or int64.
        small_is_identity = field.type in (INT32, INT64, UINT32, UINT64)
        return convert if op == OP_REPEATED_VARINT else (convert, small_is_identity)
    return None


def _compile_into(compiled: Dict[str, CompiledMessage], schemas: List[Message]) -> None:
    """Compile *schemas* into *compiled*, which holds already (or gets here) every message they refer to."""
    new = [CompiledMessage(schema) for schema in schemas]
    for message in new:
        dict.__setitem__(compiled, message.name, message)

    for message in new:
        containers: List[Tuple[str, Callable[[], Any]]] = []
        oneofs: Dict[str, List[str]] = {}
        for field in message.schema.fields:
            if field.oneof:
                oneofs.setdefault(field.oneof, []).append(field.name)
        message.oneofs = {oneof: tuple(members) for oneof, members in oneofs.items()}
        for field in message.schema.fields:
            name = field.name
            if field.type == MAP or field.repeated:
                message.defaults[name] = None  # a placeholder keeps the key in declaration order
                containers.append((name, dict if field.type == MAP else list))
                info = CompiledField(field, None)
            else:
                message.defaults[name] = _default_of(field)
                info = CompiledField(field, message.defaults[name])
            if field.type == MAP:
                info.message = compiled[map_entry_schema(message.schema, field).name]
                info.value_message = compiled[field.ref] if field.value == MESSAGE else None
            elif field.type == MESSAGE:
                info.message = compiled[field.ref]
            message.fields[name] = info
            siblings = tuple(member for member in message.oneofs.get(field.oneof, ()) if member != name)
            for wire_type, op in _READ_AS[field.type, field.repeated, bool(field.oneof)]:
                message.table[tag_of(field.number, wire_type)] = (op, name, _argument(op, field, info, siblings))
        message.containers = tuple(containers)
        message.by_byte = [message.table.get(tag) for tag in range(0x80)]
        # Most messages have no list or map: then a new one is one C-level dict copy, no Python frame.
        message.new = message.defaults.copy
        fields = message.schema.fields
        message.string_map = message.name.endswith("Entry") and [f.type for f in fields] == [STRING, STRING]
    for message in new:
        if message.containers:
            message.new = _new_on_first_call(message)


def _all_schemas(schemas: Tuple[Message, ...]) -> Dict[str, Message]:
    """Every message by name, the map fields' entry messages after the declared ones (the order of ``COMPILED``)."""
    found = {schema.name: schema for schema in schemas}
    pending = list(schemas)
    for schema in pending:
        for field in schema.fields:
            if field.type == MAP:
                entry = map_entry_schema(schema, field)
                found[entry.name] = entry
                pending.append(entry)
    return found


def _referred(schema: Message) -> Iterable[str]:
    """The messages a message's compiled fields point at: its message fields', its maps' entries and values."""
    for field in schema.fields:
        if field.type == MESSAGE:
            yield field.ref
        elif field.type == MAP:
            yield map_entry_schema(schema, field).name
            if field.value == MESSAGE:
                yield field.ref


def _compile(schemas: Tuple[Message, ...]) -> Dict[str, CompiledMessage]:
    """Every message of *schemas* (and its maps' entries) compiled at once, into a plain dict: for a schema of
    its own, as the tests make one."""
    compiled: Dict[str, CompiledMessage] = {}
    _compile_into(compiled, list(_all_schemas(schemas).values()))
    return compiled


_SCHEMAS: Final = _all_schemas(MESSAGES)
#: Every message's full name, map entries too, in the schema's order: what ``COMPILED`` can compile.
MESSAGE_NAMES: Final = tuple(_SCHEMAS)

if TYPE_CHECKING:
    _CompiledBase = Dict[str, CompiledMessage]
else:
    _CompiledBase = dict


class _Compiled(_CompiledBase):
    """Message name -> ``CompiledMessage``, each compiled the first time it is asked for, with every message it
    refers to: reading a model compiles the model's messages, not those of event files or Keras' metadata (the
    import pays for what it uses). Iterating it compiles them all, and gives them in the schema's order. A message
    is published only once its tables are filled in, so threads may look messages up at once."""

    def __missing__(self, name: str) -> CompiledMessage:
        if name not in _SCHEMAS:
            raise KeyError(name)
        needed: List[Message] = []
        pending = [name]
        seen = {name}
        while pending:
            schema = _SCHEMAS[pending.pop()]
            needed.append(schema)
            for referred in _referred(schema):
                if referred not in seen and not dict.__contains__(self, referred):
                    seen.add(referred)
                    pending.append(referred)
        # Built apart, then published whole: another thread never sees a message whose tables are not filled in
        # (two threads that both compile a message publish the first one's; the second's is as good, and unused).
        staging: Dict[str, CompiledMessage] = dict(dict.items(self))
        _compile_into(staging, needed)
        for schema in needed:
            dict.setdefault(self, schema.name, staging[schema.name])
        message: CompiledMessage = dict.__getitem__(self, name)
        return message

    def get(self, name: str, default: Optional[CompiledMessage] = None) -> Optional[CompiledMessage]:  # type: ignore[override]
        return self[name] if name in _SCHEMAS else default

    def __contains__(self, name: object) -> bool:
        return name in _SCHEMAS

    def _every(self) -> Dict[str, CompiledMessage]:
        """Every message, compiled, in the schema's order."""
        return {name: self[name] for name in _SCHEMAS}

    def __iter__(self) -> Iterator[str]:
        return iter(self._every())

    def __len__(self) -> int:
        return len(_SCHEMAS)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return self._every().keys()

    def values(self) -> ValuesView[CompiledMessage]:  # type: ignore[override]
        return self._every().values()

    def items(self) -> ItemsView[str, CompiledMessage]:  # type: ignore[override]
        return self._every().items()


COMPILED: Final[Dict[str, CompiledMessage]] = _Compiled()


def field_tag(type_name: str, field_name: str) -> int:
    """The tag a field of the schema is written with: its number and wire type (packed, for repeated numbers,
    as TensorFlow writes them). The readers that walk bytes by hand key on these, never on literal tags."""
    field = COMPILED[type_name].fields[field_name].field
    wire_type = _READ_AS[field.type, field.repeated, bool(field.oneof)][-1][0]
    return tag_of(field.number, wire_type)


def field_numbers(type_name: str) -> Dict[int, str]:
    """A message's field names by number, as the schema has them."""
    return {info.field.number: name for name, info in COMPILED[type_name].fields.items()}


def read_tags(type_name: str) -> FrozenSet[int]:
    """Every tag the decoder reads a message's fields from (a repeated number packed or not, each wire type
    protobuf accepts): what a sniffer may take for the message's own."""
    return frozenset(COMPILED[type_name].table)


def _reachable(roots: Iterable[str]) -> FrozenSet[str]:
    """The message types reachable from *roots* through message and map fields, not through skipped ones."""
    seen: Set[str] = set()
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name not in seen:
            seen.add(name)
            pending.extend(_referred(_SCHEMAS[name]))
    return frozenset(seen)


#: The types an Any's value is decoded as (in collections and ``meta_info_def.any_info``): those of the
#: file and of the collections' items. The graph's own types (GraphDef, NodeDef, ...) are read only when
#: asked for (``load(..., graph=True)``), so an Any holding a whole graph, as old session-bundle exports
#: keep in a collection, keeps its bytes and costs nothing.
ANY_TYPES: Final = _reachable(["tensorflow.SavedModel", *COLLECTIONS.values()])

# SPDX-License-Identifier: Apache-2.0
"""What a TensorFlow wheel says of its ops' attrs, its DataTypes and its GraphDef versions, read without installing it.

Each release's ops are read from the Python wrappers its build generated (``gen_*.py``), in one of two ways:

* **Embedded OpList** (0.12 to 2.1): each module ends with ``_op_def_lib = _InitOpDefLibrary(b"...")``, the exact
  ``OpList`` the wrappers were generated from. It is decoded by the library's own schema-driven decoder: every attr,
  its type, whether it has a default, and its allowed values, exactly as the release registers them.
* **Eager fallbacks** (2.2 on): the ``OpList`` is gone; each op has a ``<name>_eager_fallback`` function the
  generator wrote from the same ``OpDef``. Its ``_attrs = ("T", _attr_T, "strides", strides, ...)`` names every attr
  in order (``_attrs = None``: none); an attr given a value when ``None`` (``if x is None: x = "NHWC"``) has a
  default; an attr inferred from inputs (``args_to_matching_eager([...], ctx, [allowed], default)``) gives its
  allowed types and default there. A type or string attr the caller passes gives its allowed values in the
  wrapper's docstring only (``A `string` from: `"SAME", "VALID"`.``, ``An optional `tf.DType` from: `tf.int32,
  tf.int64`.``), which is read too. What the wrappers do not say (an op of no wrapper: internal, test, TPU host ops)
  is not guessed: such an op's attrs are unknown for that release.

A DataType is known to a release when its ``types_pb2.py`` declares it (``name='DT_FLOAT8_E4M3FN', ... number=24``, or
the serialized descriptor the newer protobuf generator writes). The GraphDef versions are the three ``#define``s of
``tensorflow/core/public/version.h``, which every wheel ships among its headers.
"""

from __future__ import annotations

import ast
import json
import re
import zipfile
from typing import Any, Dict, Iterable, List, Optional, Tuple

#: One attr of an op in one release: its name, whether it has a default (None: not known, an attr the wrappers infer
#: from the inputs, which TensorFlow always writes), and its allowed values (DataType names ``DT_FLOAT``, or string
#: values in double quotes) in the order the OpDef gives them (the order TensorFlow prints them in), None when any
#: value of its type is allowed or the wrappers do not say.
AttrSpec = Tuple[str, Optional[bool], Optional[Tuple[str, ...]]]


def _ordered(items: Iterable[str]) -> Optional[Tuple[str, ...]]:
    """*items* in their order, each once; None for none."""
    return tuple(dict.fromkeys(items)) or None


_GEN_MODULE = re.compile(r"(?:^|/)gen_[A-Za-z0-9_]+\.py$")
_TYPES_MODULE = re.compile(r"(?:^|/)core/framework/types_pb2\.py$")
_VERSION_HEADER = re.compile(r"(?:^|/)include/tensorflow/core/public/version\.h$")


#: The C++ libraries that hold ``ValidateNodeDef`` (node_def_util.cc).
_NATIVE = re.compile(r"(?:^|/)(?:libtensorflow_framework\.so[.0-9]*|_pywrap_tensorflow_internal\.so)$")
#: What ``ValidateNodeDef`` logs, since 2.5, where it used to refuse an attr the OpDef lacks.
IGNORES_UNKNOWN_ATTRS = b"Unknown attributes will be ignored"
FACTS = "tfcollections-facts.json"


def wheel_members(path: str) -> Dict[str, bytes]:
    """The members of a wheel this module reads (generated wrappers, ``types_pb2.py``, ``version.h``), by name, and
    ``FACTS``: what its native libraries say (whether ``ValidateNodeDef`` ignores unknown attrs)."""
    found: Dict[str, bytes] = {}
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        for name in names:
            if (
                (name.endswith(".py") and "gen_" in name and _GEN_MODULE.search(name))
                or _TYPES_MODULE.search(name)
                or (_VERSION_HEADER.search(name))
            ):
                found[name] = wheel.read(name)
        # node_def_util.cc is in libtensorflow_framework (1.4 on; tens of MB), else in the Python extension (GBs).
        native = [name for name in names if _NATIVE.search(name)]
        framework = [name for name in native if "libtensorflow_framework" in name]
        ignores = any(_contains(wheel, name, IGNORES_UNKNOWN_ATTRS) for name in (framework or native))
    found[FACTS] = json.dumps({"ignores_unknown_attrs": ignores}).encode()
    return found


def _contains(wheel: zipfile.ZipFile, name: str, needle: bytes) -> bool:
    """Whether member *name* holds *needle*, read in chunks (a library is hundreds of MB)."""
    tail = b""
    with wheel.open(name) as member:
        while True:
            chunk = member.read(1 << 24)
            if not chunk:
                return False
            if needle in tail + chunk[: len(needle)] or needle in chunk:
                return True
            tail = chunk[-len(needle) :]


def native_facts(members: Dict[str, bytes]) -> Dict[str, bool]:
    """What the wheel's native libraries say (``FACTS``); empty for a cache written before they were read."""
    data = members.get(FACTS)
    return json.loads(data) if data is not None else {}


# --- GraphDef versions ---------------------------------------------------------------------------------------------

_DEFINE = re.compile(rb"#define\s+(TF_GRAPH_DEF_VERSION(?:_MIN_PRODUCER|_MIN_CONSUMER)?)\s+(\d+)")


def graph_def_versions(members: Dict[str, bytes]) -> Optional[Tuple[int, int, int]]:
    """``(TF_GRAPH_DEF_VERSION, _MIN_CONSUMER, _MIN_PRODUCER)`` of the wheel's ``version.h``, or None without one."""
    for name, data in members.items():
        if _VERSION_HEADER.search(name):
            values = {key.decode(): int(number) for key, number in _DEFINE.findall(data)}
            if len(values) == 3:
                return (values["TF_GRAPH_DEF_VERSION"], values["TF_GRAPH_DEF_VERSION_MIN_CONSUMER"],
                        values["TF_GRAPH_DEF_VERSION_MIN_PRODUCER"])  # fmt: skip
    return None


# --- DataTypes -----------------------------------------------------------------------------------------------------

_ENUM_VALUE = re.compile(r"name='(DT_[A-Z0-9_]+)', index=\d+, number=(\d+)")
_SERIALIZED = re.compile(rb"AddSerializedFile\((b'(?:[^'\\]|\\.)*')\)")
_ENUM_VALUE_PROTO = re.compile(rb"\x0a[\x01-\x7f](DT_[A-Z0-9_]+)\x10([\x00-\x7f]|[\x80-\xff][\x00-\x7f])")


def datatypes(members: Dict[str, bytes]) -> Dict[str, int]:
    """The DataType names ``types_pb2.py`` declares, with their numbers."""
    for name, data in members.items():
        if not _TYPES_MODULE.search(name):
            continue
        text = data.decode("utf-8")
        found = {dtype: int(number) for dtype, number in _ENUM_VALUE.findall(text)}
        if found:
            return found
        serialized = _SERIALIZED.search(data)
        if serialized is not None:
            blob = ast.literal_eval(serialized.group(1).decode("ascii"))
            for dtype, number in _ENUM_VALUE_PROTO.findall(blob):
                value = number[0] if len(number) == 1 else (number[0] & 0x7F) | (number[1] << 7)
                found[dtype.decode()] = value
            return found
    return {}


# --- attrs from an embedded OpList ---------------------------------------------------------------------------------

_INIT_LIBRARY = re.compile(r"_op_def_lib = _InitOpDefLibrary\((b?\"(?:[^\"\\]|\\.)*\")\)", re.S)
# 0.12 to 1.x: the OpList in text format.
_INIT_LIBRARY_ASCII = re.compile(r'_InitOpDefLibrary\.op_list_ascii = """(.*?)"""', re.S)


def _embedded_op_lists(text: str) -> List[Dict[str, Any]]:
    from tfcollections import decode_message  # the tool runs from the repository: the library reads its own input
    from tfcollections._proto.text import parse_text

    lists = [decode_message("tensorflow.OpList", ast.literal_eval(literal)) for literal in _INIT_LIBRARY.findall(text)]
    lists += [parse_text(ascii.encode("utf-8"), "OpList", 0) for ascii in _INIT_LIBRARY_ASCII.findall(text)]
    return lists


def _allowed_of(value: Optional[Dict[str, object]]) -> Optional[Tuple[str, ...]]:
    """An ``AttrDef.allowed_values`` (a list of types or strings) as this module's set, None when unconstrained."""
    if value is None or value.get("list") is None:
        return None
    listed = value["list"]
    assert isinstance(listed, dict)
    if listed["type"]:
        return _ordered(listed["type"])
    if listed["s"]:
        return _ordered(_quoted(item.decode("utf-8", "replace")) for item in listed["s"])
    return None


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def op_list_specs(op_list: Dict[str, Any]) -> Dict[str, Tuple[AttrSpec, ...]]:
    """Each op of a decoded ``OpList`` with its attrs."""
    specs: Dict[str, Tuple[AttrSpec, ...]] = {}
    for op in op_list["op"]:
        specs[op["name"]] = tuple(
            (attr["name"], attr["default_value"] is not None, _allowed_of(attr["allowed_values"]))
            for attr in op["attr"]
        )
    return specs


# --- attrs from eager fallbacks ------------------------------------------------------------------------------------

_FUNCTION = re.compile(r"^def ([A-Za-z_][A-Za-z0-9_]*)\(", re.M)
_EXECUTE = re.compile(r'_execute\.execute\(b"([A-Za-z_][A-Za-z0-9_>]*)"')
_ATTRS = re.compile(r"^  _attrs = (\(.*?\)|None)\n  _result = ", re.M | re.S)
_DEFAULTED = re.compile(r"^  if ([A-Za-z_][A-Za-z0-9_]*) is None:\n    \1 = ", re.M)
_MATCHING = re.compile(
    r"^  _attr_([A-Za-z_][A-Za-z0-9_]*), [^\n]*= _execute\.args_to_matching_eager\("
    r"(\[[^\]\n]*\]|list\([^)\n]*\)|[A-Za-z_][A-Za-z0-9_]*), ctx(?:, \[([^\]]*)\])?(?:, ([^)\n]+))?\)",
    re.M,
)
_HELPER = re.compile(r'_apply_op_helper\(\s*"([A-Za-z_][A-Za-z0-9_>]*)"')
_GRAPH_ATTRS = re.compile(r"^    _attrs = (\(.*?\))\n    _inputs_flat = ", re.M | re.S)
_DEFAULTED_GRAPH = re.compile(r"^  if ([A-Za-z_][A-Za-z0-9_]*) is None:\n    \1 = ", re.M)
_DTYPE = re.compile(r"(?:_dtypes|tf)\.([a-z0-9_]+)")
_DOC_ARG = re.compile(
    r"^    ([A-Za-z_][A-Za-z0-9_]*): (.*?)(?=\n    [A-Za-z_][A-Za-z0-9_]*: |\n\n|\n  [A-Z])", re.M | re.S
)
_DOC_TYPES = re.compile(r"`tf\.DTypes?` from: `([^`]*)`")
_DOC_STRINGS = re.compile(r"`string` from: `([^`]*)`")
_DOC_INPUT_TYPES = re.compile(r"Must be one of the following types: ((?:`[a-z0-9_]+`(?:, )?)+)")
_DOC_TYPE_NAME = re.compile(r"`([a-z0-9_]+)`")
_DOC_STRING_LIST = re.compile(r"list of `strings` from: `([^`]*)`")


def dtype_name(python_name: str) -> str:
    """``float32`` (``tf.float32``, ``_dtypes.float32``) -> ``DT_FLOAT``, as types.proto names it."""
    return "DT_" + {"float32": "FLOAT", "float64": "DOUBLE"}.get(python_name, python_name.upper())


def _docstrings(text: str) -> Dict[str, Dict[str, str]]:
    """Each public wrapper's docstring ``Args:`` entries, by the wrapper's name."""
    docs: Dict[str, Dict[str, str]] = {}
    starts = [(match.start(), match.group(1)) for match in _FUNCTION.finditer(text)]
    for (start, name), (end, _) in zip(starts, [*starts[1:], (len(text), "")]):
        body = text[start:end]
        args = body.find("\n  Args:\n")
        if args < 0:
            continue
        section = body[args + 9 : body.find('"""', args)]
        docs[name] = {arg: " ".join(value.split()) for arg, value in _DOC_ARG.findall(section + "\n\n")}
    return docs


def fallback_specs(text: str) -> Dict[str, Tuple[AttrSpec, ...]]:
    """Each op of a TF 2.2+ ``gen_*.py`` module with its attrs, read from its eager fallback (and the public wrapper's
    docstring, for the allowed values of attrs the caller passes)."""
    docs = _docstrings(text)
    specs: Dict[str, Tuple[AttrSpec, ...]] = {}
    starts = [(match.start(), match.group(1)) for match in _FUNCTION.finditer(text)]
    for (start, name), (end, _) in zip(starts, [*starts[1:], (len(text), "")]):
        if not name.endswith("_eager_fallback"):
            continue
        body = text[start:end]
        executed = _EXECUTE.search(body)
        listed = _ATTRS.search(body)
        if executed is None or listed is None:
            continue  # not a generated fallback of the usual shape: the op's attrs stay unknown
        # ("T", _attr_T, "squeeze_dims", axis): each attr's name, and the variable holding its value (the wrapper's
        # argument, which may be named otherwise, or _attr_T for an attr inferred from the inputs).
        pairs = _attr_pairs(listed.group(1)) if listed.group(1) != "None" else []
        names = [attr for attr, _ in pairs]
        variables = set(_DEFAULTED.findall(body))
        # An inferred attr (_attr_X) always has a value in what TensorFlow writes, so whether it has a default only
        # matters for nodes written by hand: unless args_to_matching_eager says, it is taken to have one (never
        # reported missing) rather than guessed not to.
        defaulted = {attr for attr, variable in pairs if variable in variables}
        unsure = {attr for attr, variable in pairs
                  if variable.startswith("_attr_") and not _matched_without_default(body, attr)}  # fmt: skip
        unsure -= defaulted
        allowed: Dict[str, Optional[Tuple[str, ...]]] = {}
        public = name[: -len("_eager_fallback")]
        doc = docs.get(public, docs.get(public.lstrip("_"), {}))
        for attr, inputs, types, _default in _MATCHING.findall(body):
            inputs = inputs.strip("[]").replace("list(", "").rstrip(")")
            if types:
                allowed[attr] = _ordered(dtype_name(item) for item in _DTYPE.findall(types))
            else:  # before 2.4 the fallback names no types: the docstring of the attr's first input does
                first = inputs.split(",")[0].strip()
                listed_types = _DOC_INPUT_TYPES.search(doc.get(first, ""))
                allowed[attr] = (
                    _ordered(dtype_name(item) for item in _DOC_TYPE_NAME.findall(listed_types.group(1)))
                    if listed_types is not None
                    else None
                )
        spec: List[AttrSpec] = []
        for attr in names:
            values = allowed.get(attr)
            entry = doc.get(attr, "")
            if attr not in allowed:
                types = _DOC_TYPES.search(entry)
                strings = _DOC_STRINGS.search(entry) or _DOC_STRING_LIST.search(entry)
                if types is not None:
                    values = _ordered(dtype_name(item) for item in _DTYPE.findall(types.group(1)))
                elif strings is not None:
                    values = _ordered(item.strip() for item in strings.group(1).split(", "))
            spec.append((attr, None if attr in unsure else attr in defaulted, values))
        specs[executed.group(1)] = tuple(spec)
    # Ops whose fallback only raises (a ref input: no eager execution) give their attrs in the graph path instead:
    # names and defaults, not the allowed types of inferred attrs (left unknown, so never held against a model).
    for (start, name), (end, _) in zip(starts, [*starts[1:], (len(text), "")]):
        body = text[start:end]
        helper = _HELPER.search(body)
        if name.endswith("_eager_fallback") or helper is None or helper.group(1) in specs:
            continue
        listed = _GRAPH_ATTRS.search(body, helper.end())
        if listed is None:
            continue
        defaulted = set(_DEFAULTED_GRAPH.findall(body))
        doc = docs.get(name, {})
        spec = []
        for attr in _attr_names(listed.group(1)):
            strings = _DOC_STRINGS.search(doc.get(attr, ""))
            values = _ordered(item.strip() for item in strings.group(1).split(", ")) if strings is not None else None
            spec.append((attr, attr in defaulted, values))
        specs[helper.group(1)] = tuple(spec)
    return specs


def _matched_without_default(body: str, attr: str) -> bool:
    """Whether *attr* is inferred by ``args_to_matching_eager`` with no default given (so it has none)."""
    return any(found == attr and not default.strip() for found, _, _, default in _MATCHING.findall(body))


def _attr_pairs(listed: str) -> List[Tuple[str, str]]:
    """``("T", _attr_T, "strides", strides)`` -> ``[("T", "_attr_T"), ("strides", "strides")]`` (a value that is no
    plain variable: ``""``)."""
    try:
        tree = ast.parse(listed, mode="eval").body
    except SyntaxError:
        return []
    items = tree.elts if isinstance(tree, ast.Tuple) else []
    pairs = []
    for key, value in zip(items[::2], items[1::2]):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            pairs.append((key.value, value.id if isinstance(value, ast.Name) else ""))
    return pairs


def _attr_names(listed: str) -> List[str]:
    """The names of ``("T", _attr_T, "strides", strides)``: the string literals at even places of the tuple."""
    try:
        tree = ast.parse(listed, mode="eval").body
    except SyntaxError:
        return []
    items = tree.elts if isinstance(tree, ast.Tuple) else []
    return [item.value for item in items[::2] if isinstance(item, ast.Constant) and isinstance(item.value, str)]


def release_specs(members: Dict[str, bytes]) -> Tuple[Dict[str, Tuple[AttrSpec, ...]], str]:
    """Every op the wheel's wrappers describe, with its attrs, and how they were read (``oplist`` or ``wrappers``)."""
    specs: Dict[str, Tuple[AttrSpec, ...]] = {}
    how = "wrappers"
    for name in sorted(members):
        if _TYPES_MODULE.search(name) or _VERSION_HEADER.search(name) or name == FACTS:
            continue
        text = members[name].decode("utf-8", "replace")
        lists = _embedded_op_lists(text)
        if lists:
            how = "oplist"
            for op_list in lists:
                specs.update(op_list_specs(op_list))
        else:
            specs.update(fallback_specs(text))
    return specs, how

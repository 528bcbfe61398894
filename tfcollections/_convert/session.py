# SPDX-License-Identifier: Apache-2.0
"""``Session``: a model run as ``tf.Session.run`` runs it (feeds and fetches by TensorFlow's names), on onnxruntime.

Strategy: the model is converted once (``to_onnx``: frozen with its checkpoint, converted by the op table) for its
default inputs and outputs (a signature's, else the graph's placeholders and outputs), and the ONNX model handed to
onnxruntime, a real engine; a ``run`` that fetches or feeds other tensors converts once more for that combination
(a fed tensor that is no placeholder cuts the graph there, as feeding it does in TensorFlow), and each combination
is kept. Fetches take ``tf.Session.run``'s forms (a name, a list, a tuple, a dict, nested) and give the same form
back; names are tensor names (``"x:0"``), node names (``"x"``, its first output) or a signature's keys. Feeds are
checked as TensorFlow checks them before anything runs: a name the graph lacks, a value that does not convert to
the tensor's dtype without loss, a shape the tensor cannot have, a placeholder the fetches need and nobody fed; each
a ``ValueError`` or ``TypeError`` in TensorFlow's words. onnxruntime and numpy are the optional extra ``run``,
imported when a Session is made.
"""

from __future__ import annotations

import re

from .._disk.source import source_of
from .._errors import ConversionError, DecodeError
from .._graph.graphdef import split_tensor_name
from .._items import decode_message
from .freeze import MissingNode, chosen_meta_graph, loaded_model, signature_of
from .onnx import DEFAULT_OPSET, converted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Tuple

    from .._typing import Decoded
    from .tablefills import Vocabularies

    #: What a repeated run follows: the conversion, the tensors fetched, (name fed, its tensor) pairs, the tensors
    #: onnxruntime computes, and the function that puts the values in the fetches' form.
    _Plan = Tuple["_Conversion", List[str], List[Tuple[str, str]], List[str], Callable[[List[Any]], Any]]

# onnxruntime's type names of tensors, by TensorFlow dtype.
_ORT_TYPES: Final = {
    "tensor(float)": "DT_FLOAT", "tensor(double)": "DT_DOUBLE", "tensor(float16)": "DT_HALF",
    "tensor(bfloat16)": "DT_BFLOAT16", "tensor(int8)": "DT_INT8", "tensor(int16)": "DT_INT16",
    "tensor(int32)": "DT_INT32", "tensor(int64)": "DT_INT64", "tensor(uint8)": "DT_UINT8",
    "tensor(uint16)": "DT_UINT16", "tensor(uint32)": "DT_UINT32", "tensor(uint64)": "DT_UINT64",
    "tensor(bool)": "DT_BOOL", "tensor(string)": "DT_STRING",
}  # fmt: skip
# numpy's names of the same dtypes (bfloat16 has none without ml_dtypes: fed as float32 and refused by onnxruntime).
_NUMPY_TYPES: Final = {
    "DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_INT8": "int8", "DT_INT16": "int16",
    "DT_INT32": "int32", "DT_INT64": "int64", "DT_UINT8": "uint8", "DT_UINT16": "uint16", "DT_UINT32": "uint32",
    "DT_UINT64": "uint64", "DT_BOOL": "bool", "DT_STRING": "object",
}  # fmt: skip
_INSTALL: Final = 'pip install "tfcollections[run]"'


def _runtime() -> Tuple[Any, Any]:
    try:
        import numpy  # noqa: PLC0415 (the optional extra "run", only for a Session)
        import onnxruntime  # noqa: PLC0415 (as above)
    except ImportError as exc:
        raise ImportError(f"a Session runs the model on onnxruntime, with numpy: {_INSTALL} ({exc})") from None
    return onnxruntime, numpy


class _Conversion:
    """One conversion: the ONNX model's session, its inputs' names, dtypes and shapes, and its Einsum nodes."""

    __slots__ = ("einsums", "inputs", "outputs", "session")

    def __init__(self, session: Any, einsums: List[str]) -> None:
        self.session = session
        self.einsums = einsums
        self.inputs: Dict[str, Decoded] = {item.name: _described(item) for item in session.get_inputs()}
        self.outputs: Dict[str, Decoded] = {item.name: _described(item) for item in session.get_outputs()}

    def run(self, outputs: List[str], feeds: Dict[str, Any]) -> List[Any]:
        """onnxruntime's values of *outputs*; what it raises said as the library's error, naming the node."""
        if self.einsums and any(value.size == 0 for value in feeds.values()):
            # onnxruntime (to 1.32 at least) ends the process with SIGFPE on some Einsums of a zero-size batch
            # (bij,bkj->bik): refused before it runs, rather than the caller's process lost.
            raise DecodeError(f"node {_tf_node(self.einsums[0])!r} (Einsum): a zero-size input is not run through a "
                              "model with an Einsum, which onnxruntime cannot compute on an empty tensor (it ends "
                              "the process)")  # fmt: skip
        try:
            return list(self.session.run(outputs, feeds))
        except Exception as exc:
            if not type(exc).__module__.startswith("onnxruntime"):
                raise
            raise _runtime_error("could not run the model", exc) from None


def _tf_node(onnx_node: str) -> str:
    """The TensorFlow node an ONNX node was made for: its name less the ``/Op_node`` the conversion adds."""
    return onnx_node.rsplit("/", 1)[0] if "/" in onnx_node else onnx_node


def _runtime_error(what: str, exc: BaseException) -> DecodeError:
    """onnxruntime's error *exc* as the library's, naming the TensorFlow node it names (``Name:'y/Add_node'``)."""
    text = str(exc).strip()
    found = re.search(r"[Nn]ame:? ?'([^']+)'", text)
    where = f"node {_tf_node(found.group(1))!r}: " if found else ""
    return DecodeError(f"onnxruntime {what}: {where}{text.splitlines()[0] if text else type(exc).__name__}")


def _described(item: Any) -> Decoded:
    shape = None if item.shape is None else [dim if isinstance(dim, int) else None for dim in item.shape]
    return {"name": item.name, "dtype": _ORT_TYPES.get(item.type, item.type), "shape": shape}


class Session:
    """A TensorFlow model run on onnxruntime as ``tf.Session.run`` runs it.

    *model* is what ``to_onnx`` takes: a ``.meta`` or SavedModel with its checkpoint (*checkpoint*, by default
    the one beside it), a TF 2 SavedModel, or a frozen graph; *signature* picks a SavedModel's signature, whose keys
    then name its inputs and outputs too (``signature``: its keys and their tensors); *vocabularies* are
    ``to_onnx``'s. ``inputs`` and ``outputs`` are
    the default feeds and fetches (``{"name", "dtype", "shape"}``, named by their tensors, a dim None where
    unknown). ``run(fetches, feed_dict)`` as TensorFlow's, any tensor fed: a graph whose default fetches need an op
    the conversion lacks (one parsing tf.Example records) runs fed past it, and reading ``inputs`` or ``outputs``
    raises its ``ConversionError``. Needs onnxruntime and numpy (``pip install "tfcollections[run]"``); raises
    ``ImportError`` saying so without them.
    """

    def __init__(
        self,
        model: Any,
        checkpoint: Any = None,
        *,
        signature: Optional[str] = None,
        opset: int = DEFAULT_OPSET,
        vocabularies: Optional[Vocabularies] = None,
    ) -> None:
        # The model is read first: one that does not read is said as such, with the extra installed or not.
        self._model: Decoded = loaded_model(model)
        if source_of(self._model) is None:
            raise TypeError("Session() needs a path or what tfcollections.load returned (a copy keeps no file)")
        self._ort, self._np = _runtime()
        self._checkpoint = checkpoint
        self._opset = opset
        self._signature_key = signature
        self._vocabularies = dict(vocabularies or {})
        _, meta_graph = chosen_meta_graph(self._model)
        chosen = signature_of(meta_graph, signature)
        self._input_keys: Dict[str, str] = {}
        self._output_keys: Dict[str, str] = {}
        if chosen is not None:
            self._input_keys = {key: info["name"] for key, info in sorted((chosen.get("inputs") or {}).items())}
            self._output_keys = {key: info["name"] for key, info in sorted((chosen.get("outputs") or {}).items())}
        #: The signature run, its keys and their tensors (``{"inputs": {"x": "x:0"}, "outputs": {...}}``), in key
        #: order; None for a graph without one.
        self.signature: Optional[Dict[str, Dict[str, str]]] = (
            {"inputs": dict(self._input_keys), "outputs": dict(self._output_keys)} if chosen is not None else None
        )
        self._conversions: Dict[Tuple[Tuple[str, ...], Tuple[str, ...]], _Conversion] = {}
        self._plans: Dict[Tuple[Any, ...], _Plan] = {}
        # The default feeds and fetches, converted now so that what a model lacks is said at once; a graph whose
        # default fetches the conversion cannot reach (one parsing tf.Example records) still runs fed past what it
        # lacks, as tf.Session feeds any tensor: its error is kept for what asks for the defaults.
        self._default: Optional[_Conversion] = None
        self._default_error: Optional[ConversionError] = None
        try:
            self._default = self._convert(None, None)
        except ConversionError as exc:
            self._default_error = exc

    @property
    def inputs(self) -> List[Decoded]:
        """The default feeds: the graph's placeholders, or its signature's inputs (by their tensors)."""
        return list(self._defaults().inputs.values())

    @property
    def outputs(self) -> List[Decoded]:
        """The default fetches: the graph's outputs, or its signature's."""
        return list(self._defaults().outputs.values())

    def _defaults(self) -> _Conversion:
        if self._default is None:
            error = self._default_error
            assert error is not None
            raise ConversionError(f"the default fetches do not convert (feed past what they lack, as run() takes "
                                  f"any tensor): {error.msg}", error.unsupported)  # fmt: skip
        return self._default

    def __repr__(self) -> str:
        if self.signature is not None:  # the names run takes: the signature's keys
            return f"Session(inputs={list(self.signature['inputs'])}, outputs={list(self.signature['outputs'])})"
        if self._default is None:
            return "Session(default fetches not converted)"
        return f"Session(inputs={[item['name'] for item in self.inputs]}, outputs={[i['name'] for i in self.outputs]})"

    # ---------------------------------------------------------------- running

    def run(self, fetches: Any, feed_dict: Optional[Dict[Any, Any]] = None) -> Any:
        """The values of *fetches* (a name, or a list, tuple or dict of them, nested), given *feed_dict* ({name:
        value}): numpy arrays (a 0-d value as a numpy scalar), in the form the fetches were given."""
        feed_dict = feed_dict or {}
        # The usual call, repeated: the same names fetched (one, or a list or tuple of them) and fed. What the names
        # resolve to is kept from the first such call that ran; only the values are checked and converted again.
        key = _plan_key(fetches, feed_dict)
        plan = self._plans.get(key) if key is not None else None
        if plan is not None:
            conversion, wanted, feeds_to, computed, rebuild = plan
            given = {tensor: self._converted(tensor, feed_dict[name], conversion.inputs[tensor])
                     for name, tensor in feeds_to}  # fmt: skip
            results = dict(zip(computed, conversion.run(computed, given)))
            return rebuild([_scalar_or_array(results[name]) for name in wanted])
        found = self._run(fetches, feed_dict)
        if key is not None and found[1] is not None:
            self._plans[key] = found[1]
        return found[0]

    def _run(self, fetches: Any, feed_dict: Dict[Any, Any]) -> Tuple[Any, Optional[_Plan]]:
        """``run``, and the plan a repeated call can follow (None where it cannot: a fed tensor fetched)."""
        names: List[str] = []
        rebuild = _flatten(fetches, names)
        wanted = [self._tensor(name, self._output_keys) for name in names]
        feeds = {self._tensor(key, self._input_keys): value for key, value in feed_dict.items()}
        computed = [name for name in dict.fromkeys(wanted) if name not in feeds]
        results: Dict[str, Any] = {}
        plan: Optional[_Plan] = None
        if computed:
            conversion = self._conversion_for(computed, sorted(feeds))
            given = {}
            for name, spec in conversion.inputs.items():
                if name not in feeds:
                    placeholder, dtype, shape = (
                        name.split(":")[0],
                        _dtype_text(spec["dtype"]),
                        _shape_text(spec["shape"]),
                    )
                    raise ValueError(f"You must feed a value for placeholder tensor {placeholder!r} with dtype "
                                     f"{dtype} and shape {shape}")  # fmt: skip
                given[name] = self._converted(name, feeds[name], spec)
            values = conversion.run(computed, given)
            results.update(zip(computed, values))
            if len(computed) == len(wanted) and set(feeds) == set(conversion.inputs):
                feeds_to = [(name, self._tensor(name, self._input_keys)) for name in feed_dict]
                plan = (conversion, wanted, feeds_to, computed, rebuild)
        for name in wanted:
            if name in feeds:  # a fed tensor fetched: its value, as TensorFlow gives it back
                results[name] = self._np.asarray(feeds[name])
        return rebuild([_scalar_or_array(results[name]) for name in wanted]), plan

    def _conversion_for(self, outputs: List[str], inputs: List[str]) -> _Conversion:
        """The conversion made at the start when it serves (the fetches among its outputs, its inputs fed), else one
        for these fetches and feeds: pruned to the fetches, so a placeholder they do not need is not asked for."""
        default = self._default
        if default is not None and set(outputs) <= set(default.outputs) and set(inputs) == set(default.inputs):
            return default
        return self._convert(outputs, inputs)

    def _convert(self, outputs: Optional[List[str]], inputs: Optional[List[str]]) -> _Conversion:
        key = (tuple(outputs or ()), tuple(inputs or ()))
        found = self._conversions.get(key)
        if found is None:
            try:
                data = converted(self._model, self._checkpoint, inputs or None, outputs, self._opset,
                                 self._signature_key, None, False, signature_names=False,
                                 vocabularies=self._vocabularies)  # fmt: skip
            except MissingNode as exc:  # a name the graph does not have, as TensorFlow says it
                node = split_tensor_name(exc.tensor)[0]
                raise ValueError(f"The name {exc.tensor!r} refers to a Tensor which does not exist. The operation, "
                                 f"{node!r}, does not exist in the graph.") from None  # fmt: skip
            options = self._ort.SessionOptions()
            try:
                session = self._ort.InferenceSession(data, options, providers=["CPUExecutionProvider"])
            except Exception as exc:  # a type its CPU kernels lack (bfloat16), ...: said, naming the node
                if not type(exc).__module__.startswith("onnxruntime"):
                    raise
                raise _runtime_error("could not load the converted model", exc) from None
            graph = decode_message("onnx.ModelProto", data)["graph"]
            nodes = graph["node"] if graph is not None else []
            einsums = [node["name"] or "" for node in nodes if node["op_type"] == "Einsum"]
            found = self._conversions[key] = _Conversion(session, einsums)
        return found

    def _tensor(self, name: Any, keys: Dict[str, str]) -> str:
        """A fetch's or feed's tensor name: a signature's key, a node name (its first output), or a tensor name."""
        if not isinstance(name, str):
            raise TypeError(f"Fetch and feed names are str (tensor or node names), not {type(name).__name__}")
        if name in keys:
            return keys[name]
        node, port = split_tensor_name(name)
        if port < 0:
            raise TypeError(f"{name!r} is a control input: a Session fetches tensors (use 'node:0')")
        return f"{node}:{port}"

    def _converted(self, name: str, value: Any, spec: Decoded) -> Any:
        """A fed value as the tensor's dtype, converted as TensorFlow converts feeds (numpy's conversion; a Python int
        that the dtype cannot hold refused), and of a shape the tensor can have."""
        np = self._np
        dtype = _NUMPY_TYPES.get(spec["dtype"])
        if dtype is None:
            raise TypeError(f"Tensor {name!r} is {spec['dtype']}, which a Session cannot feed")
        try:
            converted = np.asarray(value, dtype=dtype)
            if isinstance(value, int) and not isinstance(value, bool) and converted.item() != value:
                raise OverflowError(value)
        except (TypeError, ValueError, OverflowError):
            raise TypeError(f"Type of feed value {value!r:.60} is not compatible with Tensor {name!r} of dtype "
                            f"{_dtype_text(spec['dtype'])}") from None  # fmt: skip
        shape = spec["shape"]
        if shape is not None and (
            len(shape) != converted.ndim or any(d is not None and d != s for d, s in zip(shape, converted.shape))
        ):
            raise ValueError(f"Cannot feed value of shape {converted.shape} for Tensor {name!r}, which has shape "
                             f"{_shape_text(shape)}")  # fmt: skip
        return converted


def _plan_key(fetches: Any, feed_dict: Dict[Any, Any]) -> Optional[Tuple[Any, ...]]:
    """What a repeated ``run`` is known by: its fetches (a name, or a list or tuple of names) and the names fed; None
    for other fetches (nested, a dict), which are resolved each time."""
    feeds = tuple(feed_dict)
    if not all(isinstance(name, str) for name in feeds):
        return None
    if isinstance(fetches, str):
        return (str, fetches, feeds)
    if type(fetches) in (list, tuple) and all(isinstance(name, str) for name in fetches):
        return (type(fetches), tuple(fetches), feeds)
    return None


def _scalar_or_array(value: Any) -> Any:
    return value[()] if getattr(value, "ndim", None) == 0 else value


def _dtype_text(dtype: str) -> str:
    return _NUMPY_TYPES.get(dtype, dtype).replace("object", "string")


def _shape_text(shape: Any) -> str:
    if shape is None:
        return "<unknown>"
    return "(" + ", ".join("?" if dim is None else str(dim) for dim in shape) + ("," if len(shape) == 1 else "") + ")"


def _flatten(fetches: Any, names: List[str]) -> Callable[[List[Any]], Any]:
    """The names of *fetches* appended to *names* in order, and a function that puts values back in their form."""
    if isinstance(fetches, (list, tuple)):
        parts = [_flatten(item, names) for item in fetches]
        kind = type(fetches)

        def rebuild_sequence(values: List[Any]) -> Any:
            out = [part(values) for part in parts]
            return out if kind is list else tuple(out) if kind is tuple else kind(*out)

        return rebuild_sequence
    if isinstance(fetches, dict):
        keys = list(fetches)
        parts = [_flatten(fetches[key], names) for key in keys]

        def rebuild_mapping(values: List[Any]) -> Any:
            return type(fetches)((key, part(values)) for key, part in zip(keys, parts))

        return rebuild_mapping
    position = len(names)
    names.append(fetches)
    return lambda values: values[position]

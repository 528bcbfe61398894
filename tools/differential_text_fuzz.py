# SPDX-License-Identifier: Apache-2.0
"""Differential fuzzing of the text-format reader against protobuf's ``text_format`` (run by hand).

    $TFVENV/bin/python -m tools.differential_text_fuzz --cases 20000 --seed 1

Runs in the virtual environment with ``tensorflow-cpu`` ($TFVENV: docs/development.md). Each case is a
random MetaGraphDef or SavedModel (saver, collections of every kind with registered items, signatures,
assets, ``any_info``, sometimes a small graph), written by ``text_format.MessageToString`` in a random
style (one line or many, UTF-8 or escaped, ``<>`` or ``{}``, short repeated lists, expanded ``Any``),
then mutated: deletions, insertions of tokens (braces, quotes, backslashes, escapes, numbers of every
form, field and enum names, comments), duplicated or swapped lines, truncation. Both read it:

- ``tfcollections.loads(text)``: accepts, or raises ``DecodeError`` (anything else is a crash);
- protobuf: ``text_format.Parse(text, message, allow_unknown_field=True, allow_unknown_extension=True)``
  (tfcollections skips unknown fields, as these flags do).

When both accept, ``loads(text)`` must equal ``loads(message.SerializeToString())``: the binary path,
which tools/compare_files.py and the differential item fuzzing check against protobuf. Accept/reject
disagreements are sorted into the known, documented differences (docs/files.md, "Text format"):

- ``skipped``: protobuf rejects text inside a block tfcollections passes over by its braces (``graph_def``
  and the other fields its schema marks skipped, and the message value of an unknown field): there
  tfcollections checks only braces, strings and comments;
- ``no known field``: the text has no top-level field of a MetaGraphDef or SavedModel, so
  tfcollections cannot tell what it is (protobuf is told the type);
- ``python-only``: a rule where protobuf's Python parser and its C++ parser (what TensorFlow's C++
  loader uses, and what tfcollections follows) differ; each such rule is listed in ``_PYTHON_ONLY``.

Anything else is printed as one line of JSON (the text in hex, both verdicts) and the exit code is 1.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
import time
import traceback

from google.protobuf import any_pb2, descriptor_pool, text_format
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2

import tfcollections
from tests.helpers import same  # the tests' exact equality: types, -0.0 and NaN
from tfcollections._proto import text as _text
from tools import _oracle as oracle
from tools.compare_files import _spans_dropped

_REGISTERED = sorted(oracle.COLLECTION_TYPES)
_DTYPES = [0, 1, 2, 3, 9, 7, 10, 20, 101, 999]
_FIELD_NAMES = sorted(
    {"meta_info_def", "graph_def", "saver_def", "collection_def", "signature_def", "asset_file_def", "tags",
     "any_info", "key", "value", "node_list", "bytes_list", "int64_list", "float_list", "any_list", "inputs",
     "outputs", "method_name", "name", "dtype", "tensor_shape", "dim", "size", "unknown_rank", "coo_sparse",
     "filename_tensor_name", "max_to_keep", "version", "sharded", "keep_checkpoint_every_n_hours",
     "meta_graphs", "saved_model_schema_version", "type_url", "node", "op", "attr", "nope"}
)  # fmt: skip
_TOKENS = [
    "{", "}", "<", ">", "[", "]", ":", ",", ";", '"', "'", "\\", "#", "\n", " ", "-", ".", "e",
    "0", "1", "-1", "07", "08", "0x1F", "0X", "1e5", "1.5", ".5", "1.5f", "1e", "inf", "-inf", "nan", "Infinity",
    "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "true", "True", "t", "false", "f", "yes",
    '"\\x41"', '"\\377"', '"\\u00e9"', '"\\U0001f600"', '"\\ud800"', '"\\q"', '"\\x"', "'\\''", '"a" "b"',
    "V1", "V2", "LEGACY", "DT_FLOAT", "OUT_OF_RANGE", "[type.googleapis.com/tensorflow.SaverDef]",
    "[type.googleapis.com/nope.Nope]", "[a.b]",
]  # fmt: skip


def _random_any(rng: random.Random, fill: oracle.RandomMessages) -> any_pb2.Any:
    packed = any_pb2.Any()
    if rng.random() < 0.8:
        cls = oracle.COLLECTION_TYPES[rng.choice(_REGISTERED)]
        packed.Pack(fill.fill(cls()))
    else:
        packed.type_url = "type.googleapis.com/some.Unknown"
        packed.value = bytes(rng.randrange(256) for _ in range(rng.randint(0, 8)))
    return packed


def _random_tensor_info(rng: random.Random, fill: oracle.RandomMessages, info: meta_graph_pb2.TensorInfo) -> None:
    choice = rng.random()
    if choice < 0.7:
        info.name = fill.string()
    elif choice < 0.9:
        info.coo_sparse.values_tensor_name = fill.string()
        info.coo_sparse.indices_tensor_name = fill.string()
    info.dtype = rng.choice(_DTYPES)
    if rng.random() < 0.7:
        if rng.random() < 0.2:
            info.tensor_shape.unknown_rank = True
        for _ in range(rng.randint(0, 3)):
            info.tensor_shape.dim.add(size=rng.choice([-1, 0, 1, 7, 2**40]), name=fill.string()[:3])


def random_meta_graph(rng: random.Random, fill: oracle.RandomMessages) -> meta_graph_pb2.MetaGraphDef:
    meta_graph = meta_graph_pb2.MetaGraphDef()
    if rng.random() < 0.8:
        info = meta_graph.meta_info_def
        info.meta_graph_version = fill.string()
        info.tags.extend(fill.string() for _ in range(rng.randint(0, 3)))
        info.tensorflow_version = rng.choice(["1.15.0", "2.21.0", ""])
        info.stripped_default_attrs = rng.random() < 0.5
        if rng.random() < 0.4:
            info.any_info.CopyFrom(_random_any(rng, fill))
    if rng.random() < 0.6:
        fill.fill(meta_graph.saver_def)
    for _ in range(rng.randint(0, 6)):
        kind = rng.choice(["bytes", "bytes", "node", "int64", "float", "any"])
        if kind == "bytes" and rng.random() < 0.8:
            name = rng.choice(_REGISTERED)
            items = [fill.fill(oracle.COLLECTION_TYPES[name]()).SerializeToString() for _ in range(rng.randint(0, 3))]
            meta_graph.collection_def[name].bytes_list.value.extend(items)
        elif kind == "bytes":
            values = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 3))]
            meta_graph.collection_def[fill.string()].bytes_list.value.extend(values)
        elif kind == "node":
            meta_graph.collection_def[fill.string()].node_list.value.extend(fill.string() for _ in range(3))
        elif kind == "int64":
            values = [fill.int_value(64) for _ in range(rng.randint(0, 4))]
            meta_graph.collection_def[fill.string()].int64_list.value.extend(values)
        elif kind == "float":
            values = [fill.float_value() for _ in range(rng.randint(0, 4))]
            meta_graph.collection_def[fill.string()].float_list.value.extend(values)
        else:
            items = [_random_any(rng, fill) for _ in range(rng.randint(0, 2))]
            meta_graph.collection_def[fill.string()].any_list.value.extend(items)
    for _ in range(rng.randint(0, 2)):
        signature = meta_graph.signature_def[fill.string()]
        signature.method_name = fill.string()
        for side in (signature.inputs, signature.outputs):
            for _ in range(rng.randint(0, 2)):
                _random_tensor_info(rng, fill, side[fill.string()])
    for _ in range(rng.randint(0, 1)):
        asset = meta_graph.asset_file_def.add(filename=fill.string())
        asset.tensor_info.name = fill.string()
    if rng.random() < 0.2:
        node = meta_graph.graph_def.node.add(name=fill.string(), op="Const")
        node.attr["value"].s = fill.string().encode()
        node.input.extend(fill.string() for _ in range(rng.randint(0, 2)))
    return meta_graph


def random_document(rng: random.Random, fill: oracle.RandomMessages):
    if rng.random() < 0.3:
        saved_model = saved_model_pb2.SavedModel(saved_model_schema_version=1)
        for _ in range(rng.randint(1, 2)):
            saved_model.meta_graphs.add().CopyFrom(random_meta_graph(rng, fill))
        return saved_model
    return random_meta_graph(rng, fill)


def as_text(rng: random.Random, message) -> bytes:
    text = text_format.MessageToString(
        message,
        as_utf8=rng.random() < 0.5,
        as_one_line=rng.random() < 0.2,
        use_short_repeated_primitives=rng.random() < 0.3,
        pointy_brackets=rng.random() < 0.2,
        descriptor_pool=descriptor_pool.Default() if rng.random() < 0.5 else None,
    )
    return text.encode("utf-8")


def mutate(rng: random.Random, text: bytes) -> bytes:
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        position = rng.randint(0, len(text))
        if choice < 0.25 and text:
            text = text[:position] + text[position + rng.randint(1, 10) :]
        elif choice < 0.55:
            token = rng.choice(_TOKENS if rng.random() < 0.7 else _FIELD_NAMES)
            if rng.random() < 0.3:
                token = f" {token} "
            text = text[:position] + token.encode() + text[position:]
        elif choice < 0.65:
            lines = text.split(b"\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
            text = b"\n".join(lines)
        elif choice < 0.72:
            lines = text.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = b"\n".join(lines)
        elif choice < 0.8:
            text = text[:position]
        elif choice < 0.9:
            # Replace a number with another form of a number.
            numbers = list(re.finditer(rb"-?[0-9][0-9.eE+x]*", text))
            if numbers:
                match = rng.choice(numbers)
                text = text[: match.start()] + rng.choice(_TOKENS[19:44]).encode() + text[match.end() :]
        elif text:
            text = text[:position] + bytes([rng.randrange(256)]) + text[position + 1 :]
    return text


def _python_blank_at_error(ours) -> bool:
    """Whether tfcollections stopped at a character Python's regex calls a blank and C++ does not (\\x1c to
    \\x1f, U+0085, U+00A0 and the other Unicode spaces): Python skips them between tokens."""
    if ours is None or ours.pos is None or _CURRENT_TEXT is None:
        return False
    char = _CURRENT_TEXT[ours.pos : ours.pos + 4].decode("utf-8", "ignore")[:1]
    return char.isspace() and char not in " \t\n\r\f\v"


def _text_starts_with_a_number() -> bool:
    """Whether the text's first token (after blanks and comments) is a number: tfcollections reads such a file
    as binary (a text file starts with a name), so its error is a binary one."""
    return _CURRENT_TEXT is not None and _LEADING_NUMBER.match(_CURRENT_TEXT) is not None


_CURRENT_TEXT = None
_LEADING_NUMBER = re.compile(rb"(?:[ \t\r\n\f\v]+|#[^\n]*)*[-+.0-9]")
# Python's error for an unknown field's string value with a surrogate escape in it.
_SURROGATE_VALUE = re.compile(r'Invalid field value: ".*\\u[dD][89a-fA-F][0-9a-fA-F]{2}')
# Python's errors for a '-' that its tokenizer read as a token of its own.
_LONE_MINUS = re.compile(r"Couldn't parse (?:integer|float): -$|has no value named -\.$|Invalid field value: -$")
_NAME_THEN_SIGN = re.compile(r"(after field '\w+'|a field name of \w+|to open message field '\w+'), found '[-+]")
# The same as an unknown field's value: "VA-1B" is one identifier to Python, and no single C++ token.
_IDENTIFIER_VALUE_WITH_SIGN = re.compile(r"expected a value for field '\w+', found '[A-Za-z_]\w*[-+]")

# Where protobuf's Python parser differs from its C++ parser, which tfcollections follows: a name, and a test on
# (tfcollections' error or None, protobuf's error or None) that recognises the case.
_PYTHON_ONLY = {
    "Unicode blanks": lambda ours, theirs: theirs is None and _python_blank_at_error(ours),
    # C++'s tokenizer refuses an unknown escape ("\\q"); Python keeps it as it stands.
    "unknown escapes": lambda ours, theirs: theirs is None and "invalid escape" in str(ours),
    # Python's identifiers may hold '-' and '+' (so "name-1x" is one unknown field name); C++'s may not.
    "'-' and '+' in names": lambda ours, theirs: (
        theirs is None
        and (_NAME_THEN_SIGN.search(str(ours)) or _IDENTIFIER_VALUE_WITH_SIGN.search(str(ours))) is not None
    ),
    # With unknown extensions allowed, C++ skips "[a.b]" in any message; Python refuses it in a message that
    # declares no extension ranges.
    "extensions of a message without extensions": lambda ours, theirs: (
        ours is None and "does not have extensions" in str(theirs)
    ),
    # Python takes a number where a field name belongs ("1.5tags" is one token to it) for an unknown field;
    # C++ wants an identifier (field numbers only with a flag TensorFlow does not set).
    # (At the very start of the file, such a text does not look like text to tfcollections, and fails as binary.)
    "numbers as field names": lambda ours, theirs: (
        theirs is None
        and ours is not None
        and (re.search(r"a field name of \w+, found '[-+.0-9]", str(ours)) is not None or _text_starts_with_a_number())
    ),
    # Python's int() and float() take underscores between digits ("21474836_7"); C++'s tokenizer ends the
    # number at the '_' and then wants a space before the identifier that follows.
    "underscores in numbers": lambda ours, theirs: (
        theirs is None and re.search(r"found '[-+]?[0-9.][0-9A-Za-z.+-]*_", str(ours)) is not None
    ),
    # Python decodes the whole file as UTF-8 first; C++ reads bytes, and checks UTF-8 in string fields only
    # (bytes fields, comments and skipped blocks may hold any byte).
    "the whole file as UTF-8": lambda ours, theirs: (
        ours is None
        and (
            isinstance(theirs, UnicodeDecodeError) or isinstance(getattr(theirs, "__cause__", None), UnicodeDecodeError)
        )
    ),
    # Python turns a bytes field's string into bytes by Latin-1, so a raw character past U+00FF in one is an
    # error there; C++ takes the string's bytes as they stand (UTF-8), and so does tfcollections.
    "raw non-Latin-1 characters in bytes fields": lambda ours, theirs: (
        ours is None and "'latin-1' codec can't encode" in str(theirs)
    ),
    # An expanded Any of a type the reader does not know: protobuf refuses it (its pool lacks the type);
    # tfcollections, whose pool is small by design, reports the type and where its text lies.
    "expanded Any of an unknown type": lambda ours, theirs: (
        ours is None and "not found in descriptor pool" in str(theirs)
    ),
    # Python takes any URL characters between "[" and "]" of an expanded Any ("[a.b c/d]"); C++ takes names
    # joined by dots and a slash.
    "loose Any type URLs": lambda ours, theirs: theirs is None and "a field name of Any, found '['" in str(ours),
    # "\\ud800" alone: C++ writes the lone surrogate's three UTF-8-style bytes, fine in a bytes field (and an
    # invalid UTF-8 error in a string field, as in binary); Python cannot encode it at all, not even in the
    # value of an unknown field, which C++ passes over unread.
    "lone surrogate escapes": lambda ours, theirs: (
        ours is None and ("surrogates not allowed" in str(theirs) or _SURROGATE_VALUE.search(str(theirs)) is not None)
    ),
    # Blanks between a minus sign and its number ("- 1"): C++ reads '-' as a token of its own and takes the
    # number after it; Python's tokenizer wants them as one token.
    "blanks after a minus sign": lambda ours, theirs: ours is None and _LONE_MINUS.search(str(theirs)) is not None,
    # A plus sign before a number ("+1"): Python's tokenizer reads it as part of the number; C++ takes a '-'
    # only, and refuses the '+'.
    "plus signs before numbers": lambda ours, theirs: theirs is None and "found '+" in str(ours),
    # An Any expanded twice, or expanded after its type_url or value: C++ refuses it ("Non-repeated Any
    # specified multiple times"); Python packs the last one over the first.
    "an Any given twice": lambda ours, theirs: (
        theirs is None and "an Any given both expanded and by its fields, or expanded twice" in str(ours)
    ),
    # An enum given by an octal number ("07"): C++ reads the number (7) as for integers; Python's int(text, 0)
    # refuses a leading zero and then looks for a value named "07".
    "octal enum numbers": lambda ours, theirs: (
        ours is None and re.search(r"has no value named -?0[0-7]+\.$", str(theirs)) is not None
    ),
    # A raw NUL byte in a string or a comment: C++'s tokenizer ends the string or comment there and refuses the
    # NUL; Python's takes it as a character.
    "raw NUL bytes in strings and comments": lambda ours, theirs: (
        theirs is None and re.search(r"a raw NUL byte inside a string|'\\x00'", str(ours)) is not None
    ),
    # Python strips every f after a number ("1ff", "1.5fF"); C++'s tokenizer takes one f after a decimal number
    # and refuses a letter right after that (require_space_after_number).
    "more than one f after a number": lambda ours, theirs: (
        theirs is None and re.search(r"expected a number, found '-?[0-9.eE+-]*[fF]{2,}'", str(ours)) is not None
    ),
}


def _position(text: bytes, line: int, column: int) -> int:
    """The byte offset of protobuf's (line, column): its columns count characters, not bytes."""
    lines = text.split(b"\n")
    if line < 1 or line > len(lines):
        return len(text)
    before = lines[line - 1].decode("utf-8", "replace")[: max(column - 1, 0)]
    return sum(len(x) + 1 for x in lines[: line - 1]) + len(before.encode("utf-8"))


def _skipped_spans(value, spans):
    """The (offset, size) of every field tfcollections reported as skipped."""
    if isinstance(value, dict):
        if set(value) == {"type", "offset", "size"}:
            spans.append((value["offset"], value["size"]))
            return spans
        for item in value.values():
            _skipped_spans(item, spans)
    elif isinstance(value, list):
        for item in value:
            _skipped_spans(item, spans)
    return spans


def _comparable(value):
    """Skipped fields by their type only (their offsets are text offsets here, binary ones there)."""
    return _spans_dropped(value)


def _unknown_any_as_span(ours, binary) -> bool:
    """An expanded Any of a type tfcollections does not know is reported by its text span, not as bytes."""
    if isinstance(ours, dict) and isinstance(binary, dict):
        if set(ours) == {"type"} and isinstance(binary, dict):
            return True
        return ours.keys() == binary.keys() and all(_unknown_any_as_span(ours[k], binary[k]) for k in ours)
    if isinstance(ours, list) and isinstance(binary, list):
        return len(ours) == len(binary) and all(_unknown_any_as_span(a, b) for a, b in zip(ours, binary))
    if isinstance(ours, dict) and set(ours) == {"type"} and isinstance(binary, bytes):
        return True
    return same(ours, binary)


def _loads_with_skipped_spans(text: bytes):
    """``loads(text)``, and the (start, end) of every block the text reader passed over by its braces."""
    spans = []
    skip_balanced = _text.TextTokens.skip_balanced

    def recording(parser, name):
        start = parser.pos
        try:
            skip_balanced(parser, name)
        finally:
            spans.append((start, parser.pos))

    _text.TextTokens.skip_balanced = recording
    try:
        return tfcollections.loads(text), spans
    finally:
        _text.TextTokens.skip_balanced = skip_balanced


def check(text: bytes, kind):
    """None when both agree, or (category, details)."""
    global _CURRENT_TEXT
    _CURRENT_TEXT = text
    spans = []
    try:
        ours, spans = _loads_with_skipped_spans(text)
        our_error = None
    except tfcollections.DecodeError as error:
        ours, our_error = None, error
    except Exception as error:  # anything but DecodeError is a crash
        return "crash", f"{type(error).__name__}: {error}"
    if ours is not None:
        kind = saved_model_pb2.SavedModel if ours["format"] == "SavedModel" else meta_graph_pb2.MetaGraphDef
    message = kind()
    try:
        text_format.Parse(text, message, allow_unknown_field=True, allow_unknown_extension=True,
                          descriptor_pool=descriptor_pool.Default())  # fmt: skip
        their_error = None
    except (text_format.ParseError, UnicodeDecodeError, ValueError) as error:
        their_error = error
    if (ours is None) == (their_error is None):  # one accepts, the other refuses
        for name, recognise in _PYTHON_ONLY.items():
            if recognise(our_error, their_error):
                return "python-only: " + name, str(our_error or their_error)
    if ours is None and their_error is None:
        if "neither a MetaGraphDef nor a SavedModel" in str(our_error) or "empty" in str(our_error):
            return "no known field", str(our_error)
        return "we reject", str(our_error)
    if ours is not None and their_error is not None:
        if isinstance(their_error, text_format.ParseError) and their_error.GetLine() is not None:
            at = _position(text, their_error.GetLine(), their_error.GetColumn())
            if any(start <= at <= end for start, end in spans):
                return "skipped", str(their_error)
        elif spans and any(frame.name.startswith("_Skip") for frame in traceback.extract_tb(their_error.__traceback__)):
            return "skipped", str(their_error)  # an error protobuf raised while skipping, where it gives no line
        return "protobuf rejects", f"{type(their_error).__name__}: {their_error}"
    if ours is None:
        return None
    binary = message.SerializeToString()
    if not binary:
        return None  # an empty message: the binary path has nothing to compare with
    try:
        expected = dict(tfcollections.loads(binary), encoding="text")
    except tfcollections.DecodeError as error:
        return "binary refused", f"{error}; binary {binary.hex()}"
    mine, theirs = _comparable(ours), _comparable(expected)
    if same(mine, theirs) or _unknown_any_as_span(mine, theirs):
        return None
    if mine["format"] != theirs["format"] and binary[:1] == b"\x12":
        # One empty field 2 reads as an empty graph_def or an empty meta graph: binary cannot say which.
        return "binary reads either way", ""
    if b"\\?" in text or b"\\X" in text:
        # C++ reads the escapes \? as '?' and \X41 as \x41; Python keeps both characters of each. Compare with
        # Python told the same.
        again = kind()
        told = text.replace(b"\\?", b"?").replace(b"\\X", b"\\x")
        text_format.Parse(told, again, allow_unknown_field=True, allow_unknown_extension=True,
                          descriptor_pool=descriptor_pool.Default())  # fmt: skip
        if same(_comparable(dict(tfcollections.loads(again.SerializeToString()), encoding="text")), mine):
            return "python-only: the escapes \\? and \\X", ""
    return "values differ", json.dumps({"ours": repr(mine)[:2000], "protobuf": repr(theirs)[:2000]})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unmutated", type=float, default=0.1, help="share of cases fed without mutation")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fill = oracle.RandomMessages(rng)
    counts: collections.Counter = collections.Counter()
    bad = 0
    start = time.perf_counter()
    for _ in range(args.cases):
        document = random_document(rng, fill)
        text = as_text(rng, document)
        if rng.random() >= args.unmutated:
            text = mutate(rng, text)
        outcome = check(text, type(document))
        if outcome is None:
            counts["agree"] += 1
            continue
        category, details = outcome
        counts[category] += 1
        if category in ("crash", "we reject", "protobuf rejects", "values differ", "binary refused"):
            bad += 1
            print(json.dumps({"category": category, "hex": text.hex(), "details": details}))
    return oracle.finish_run(counts, bad, args.cases, args.seed, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0
"""The text-format reader: protobuf's text rules, and a clear error for every way text can be wrong.

Agreement with protobuf on TensorFlow-written text files is in test_file_fixtures.py;
these are the rules that those files do not exercise, each with its expected value
(what protobuf's C++ text parser, which TensorFlow uses, gives for the same text).
"""

from __future__ import annotations

import math
import re
from typing import Any, Dict

import pytest

import tfcollections

from .helpers import REPO, same

EXAMPLE = REPO / "examples" / "model.meta"


def _meta_graph(text: str) -> Dict[str, Any]:
    model = tfcollections.loads(text.encode("utf-8"))
    assert (model["format"], model["encoding"]) == ("MetaGraphDef", "text")
    meta_graph: Dict[str, Any] = model["meta_graphs"][0]
    return meta_graph


def _collection(body: str) -> Any:
    return _meta_graph(f'collection_def {{ key: "c" value {{ {body} }} }}')["collection_def"]["c"]


def _error(text: str) -> tfcollections.DecodeError:
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.loads(text.encode("utf-8") if isinstance(text, str) else text)
    return info.value


def test_the_example_reads_the_same_as_text_and_as_binary() -> None:
    binary = tfcollections.load(EXAMPLE)["meta_graphs"][0]
    text = tfcollections.load(EXAMPLE.with_suffix(".meta.txt"))["meta_graphs"][0]
    for key in ("saver_def", "collection_def", "signature_def", "asset_file_def"):
        assert same(text[key], binary[key]), key
    info_text, info_binary = dict(text["meta_info_def"]), dict(binary["meta_info_def"])
    assert info_text.pop("stripped_op_list")["type"] == "tensorflow.OpList"
    assert info_binary.pop("stripped_op_list")["type"] == "tensorflow.OpList"
    assert same(info_text, info_binary)


def test_skipped_fields_are_reported_by_their_text_span() -> None:
    text = 'graph_def {\n  node { name: "a{" attr { key: "}" } }  # a } in a comment\n}\nsaver_def { version: V1 }\n'
    meta_graph = _meta_graph(text)
    where = meta_graph["graph_def"]
    assert where["type"] == "tensorflow.GraphDef"
    assert text.encode()[where["offset"] : where["offset"] + where["size"]] == text[10 : text.index("\nsaver")].encode()
    assert meta_graph["saver_def"]["version"] == "V1"


def test_c_escapes_in_byte_strings() -> None:
    value = _collection(
        r'bytes_list { value: "\n\r\t\"\'\\\a\b\f\v\?" value: "\0\12\377\400\x7\xff"'
        r' value: "\u00e9\U0001F600" value: "\ud83d\ude00" }'
    )
    assert value == {
        "kind": "bytes_list",
        "value": [
            b"\n\r\t\"'\\\a\b\f\v?",
            b"\x00\n\xff\x00\x07\xff",  # \400: C++ keeps the low byte
            "é😀".encode(),
            "😀".encode(),  # a surrogate pair is one character
        ],
    }


def test_adjacent_strings_are_one_value_and_single_quotes_work() -> None:
    assert _collection("node_list { value: 'a' \"b\"\n 'c' }")["value"] == ["abc"]


def test_registered_bytes_list_items_are_decoded_from_their_escaped_bytes() -> None:
    blob = tfcollections.encode("variables", {"variable_name": "w:0", "trainable": True})
    escaped = "".join(f"\\{byte:03o}" for byte in blob)
    meta_graph = _meta_graph(f'collection_def {{ key: "variables" value {{ bytes_list {{ value: "{escaped}" }} }} }}')
    assert meta_graph["collection_def"]["variables"]["value"][0]["variable_name"] == "w:0"


def test_numbers_lists_and_separators() -> None:
    assert _collection("int64_list { value: [1, -2, 0x10, 017, 9223372036854775807, -9223372036854775808] }") == {
        "kind": "int64_list",
        "value": [1, -2, 16, 15, 2**63 - 1, -(2**63)],
    }
    floats = _collection("float_list { value: [1.5, -2, 1e3, .25, 1.1, 2.5f, inf, -Infinity, nan, 1e39]; }")["value"]
    assert floats[:4] == [1.5, -2.0, 1000.0, 0.25]
    assert floats[4] == 1.100000023841858  # a float field holds 32 bits
    assert floats[5] == 2.5 and floats[6] == math.inf and floats[7] == -math.inf and math.isnan(floats[8])
    assert floats[9] == math.inf  # past float32's range, as C++'s cast gives
    # C++ (text_format.cc, ConsumeDouble): integers in a float field are decimal only; a decimal integer too
    # large for a double is inf, as strtod reads it.
    assert _collection("float_list { value: [10, 0, 0.5, 0e1, 1e5f, -0] }")["value"] == [10.0, 0.0, 0.5, 0.0, 1e5, -0.0]
    huge = "9" * 400
    assert _collection(f"float_list {{ value: [{huge}, -{huge}] }}")["value"] == [math.inf, -math.inf]
    # C++'s tokenizer (ConsumeNumber) takes an f after any decimal number, integers included; octal and hex
    # numbers take none ("0x1F" is hex digits, "00f" an octal number followed by a letter).
    assert _collection("float_list { value: [1f, -1f, 0f, 2F, 1.5f, .5F] }")["value"] == [1.0, -1.0, 0.0, 2.0, 1.5, 0.5]
    for bad in ("010", "0x1F", "00", "-07", "08", "00.5", "00f", "08f", "1ef", "1ff", "-09"):
        with pytest.raises(tfcollections.DecodeError, match=f"expected a number, found '{bad}'"):
            _collection(f"float_list {{ value: {bad} }}")
    # In an int64 field, hex and octal are numbers.
    assert _collection("int64_list { value: [0x1F, 017, 0] }")["value"] == [31, 15, 0]
    # Lists: empty is fine, a trailing ',' is not (C++ and Python alike).
    for text, found in (
        ("float_list { value: [1.5,] }", "expected a number, found ']'"),
        ("float_list { value: [,] }", "expected a number, found ','"),
        ("bytes_list { value: ['a' 'b',] }", "expected a string, found ']'"),
    ):
        with pytest.raises(tfcollections.DecodeError, match=re.escape(found)):
            _collection(text)
    with pytest.raises(tfcollections.DecodeError, match=re.escape("expected a value, found ']'")):
        _meta_graph("saver_def { future: [1,] }")
    with pytest.raises(tfcollections.DecodeError, match=re.escape("expected '{' to open message field")):
        _meta_graph('asset_file_def: [{ filename: "x" },]')
    assert _meta_graph("saver_def { future: [] future_messages: [{}, <>] }")["saver_def"]["version"] == "LEGACY"
    assert _collection("int64_list { value: [] }") == {"kind": "int64_list", "value": []}
    assert _collection("int64_list { value: 1, value: 2; value: 3 }")["value"] == [1, 2, 3]


def test_messages_in_angle_brackets_optional_colons_comments_and_lists_of_messages() -> None:
    text = """
    # a comment
    meta_info_def: < tags: "serve" tags: ["a", "b"] stripped_default_attrs: true >
    asset_file_def: [{ filename: "x" }, < filename: "y" >]
    saver_def { version: 2 sharded: t max_to_keep: -1 keep_checkpoint_every_n_hours: 0.5 }
    """
    meta_graph = _meta_graph(text)
    assert meta_graph["meta_info_def"]["tags"] == ["serve", "a", "b"]
    assert meta_graph["meta_info_def"]["stripped_default_attrs"] is True
    assert [a["filename"] for a in meta_graph["asset_file_def"]] == ["x", "y"]
    saver = meta_graph["saver_def"]
    assert (saver["version"], saver["sharded"], saver["max_to_keep"]) == ("V2", True, -1)
    assert saver["keep_checkpoint_every_n_hours"] == 0.5


def test_enums_by_name_or_number_and_maps() -> None:
    text = """
    signature_def {
      key: "s"
      value {
        inputs { key: "x" value { name: "x:0" dtype: DT_FLOAT tensor_shape { dim { size: -1 } unknown_rank: false } } }
        inputs { key: "y" value { name: "y:0" dtype: 7 } }
        inputs { value { dtype: 999 } }
        method_name: "m"
        defaults { key: "d" value { dtype: DT_INT32 int_val: 3 } }
      }
    }
    meta_info_def { function_aliases { key: "f" value: "g" } function_aliases { key: "f" value: "h" } }
    """
    meta_graph = _meta_graph(text)
    signature = meta_graph["signature_def"]["s"]
    assert signature["inputs"]["x"]["dtype"] == "DT_FLOAT"
    assert signature["inputs"]["x"]["tensor_shape"]["dim"] == [{"size": -1, "name": ""}]
    assert signature["inputs"]["y"]["dtype"] == "DT_STRING"
    assert signature["inputs"][""]["dtype"] == 999  # proto3 enums are open; a missing key is ""
    assert signature["defaults"]["d"]["type"] == "tensorflow.TensorProto"
    assert meta_graph["meta_info_def"]["function_aliases"] == {"f": "h"}  # the later entry wins, as in binary


def test_unknown_fields_and_extensions_are_skipped_like_unknown_binary_fields() -> None:
    text = """
    future_field: 3
    future_message { a: "}" b { c: [1, 2] } }
    future_list: [{ a: 1 }, { b: 2 }]
    future_strings: "a" 'b'
    [some.extension] { x: 1 },
    saver_def { future: -inf version: V1 }
    """
    assert _meta_graph(text)["saver_def"]["version"] == "V1"  # a separator may follow an extension (not an Any)


def test_an_expanded_any_of_a_known_type() -> None:
    text = """
    collection_def { key: "saved_model_assets" value { any_list { value {
      [type.googleapis.com/tensorflow.AssetFileDef] { tensor_info { name: "v:0" } filename: "vocab.txt" }
    } } } }
    """
    (item,) = _meta_graph(text)["collection_def"]["saved_model_assets"]["value"]
    assert item["type_url"] == "type.googleapis.com/tensorflow.AssetFileDef"
    assert item["value"]["filename"] == "vocab.txt" and item["value"]["tensor_info"]["name"] == "v:0"
    # A separator after the field that holds the Any is fine; after the expanded Any itself it is an error
    # (test_bad_text_gets_a_clear_error).
    text = "meta_info_def { any_info { [type.googleapis.com/tensorflow.SaverDef] { } }, tags: 'a' }"
    assert _meta_graph(text)["meta_info_def"]["tags"] == ["a"]


def test_a_byte_order_mark_and_a_saved_model() -> None:
    model = tfcollections.loads(
        b'\xef\xbb\xbfsaved_model_schema_version: 1\nmeta_graphs { meta_info_def { tags: "t" } }'
    )
    assert (model["format"], model["encoding"], model["saved_model_schema_version"]) == ("SavedModel", "text", 1)
    assert model["meta_graphs"][0]["meta_info_def"]["tags"] == ["t"]


def test_a_stray_control_byte_in_a_text_file_and_a_binary_file_that_starts_like_text() -> None:
    text = b'meta_info_def {\n  tags: "a\x12b"\n}\n'  # a raw control byte: C++ reads it, as part of the string
    assert tfcollections.loads(text)["meta_graphs"][0]["meta_info_def"]["tags"] == ["a\x12b"]
    # Binary: meta_info_def (0x0a) of 0x61 bytes, so the file "starts" with a letter; it still reads as binary.
    info = b"\x22\x05serve" + b"\x2a" + bytes([0x61 - 9]) + b"v" * (0x61 - 9)
    model = tfcollections.loads(b"\x0a" + bytes([len(info)]) + info)
    assert model["encoding"] == "binary" and model["meta_graphs"][0]["meta_info_def"]["tags"] == ["serve"]
    # Read as neither: the text error is the one shown, since the file looked like text.
    with pytest.raises(tfcollections.DecodeError, match="bad text-format MetaGraphDef: never-ending string"):
        tfcollections.loads(b'meta_info_def { tags: "a\x12b }\n')


def test_blanks_inside_an_any_type_url() -> None:
    text = b"meta_info_def { any_info { [ type.googleapis.com / tensorflow . SaverDef ] { version: V1 } } }"
    any_info = tfcollections.loads(text)["meta_graphs"][0]["meta_info_def"]["any_info"]
    assert any_info["type_url"] == "type.googleapis.com/tensorflow.SaverDef"
    assert any_info["value"]["version"] == "V1"


def test_comments_inside_an_any_type_url() -> None:
    # C++ and Python read "[...]" token by token: a comment is a blank there like any other.
    text = b"meta_info_def { any_info { [type.googleapis.com/ # note\n tensorflow.SaverDef] { version: V1 } } }"
    any_info = tfcollections.loads(text)["meta_graphs"][0]["meta_info_def"]["any_info"]
    assert any_info["type_url"] == "type.googleapis.com/tensorflow.SaverDef"
    assert any_info["value"] == tfcollections.decode_message("SaverDef", b"\x38\x01")  # version: V1, the rest default
    # So is an extension's name, skipped; and a comment first in the file before a bracketed name.
    text = b"[a # one\n . # two\n b]: 1\nmeta_info_def { tags: 'x' }"
    assert tfcollections.loads(text)["meta_graphs"][0]["meta_info_def"]["tags"] == ["x"]
    # A comment cannot hide a missing part of the name.
    with pytest.raises(tfcollections.DecodeError, match="expected a field name of Any, found '\\['"):
        tfcollections.loads(b"meta_info_def { any_info { [type.googleapis.com/ # tensorflow.SaverDef]\n ] {} } }")


def test_a_graph_field_first_then_a_meta_graph_field() -> None:
    # A stray field a GraphDef has ('version') before the SavedModel's own: skipped, as unknown fields are.
    model = tfcollections.loads(b'version: V1\nmeta_graphs { meta_info_def { tags: "a" } }')
    assert model["format"] == "SavedModel" and model["meta_graphs"][0]["meta_info_def"]["tags"] == ["a"]
    graph = tfcollections.loads(b'node { name: "a" op: "Const" }\nversions { producer: 27 }\n', graph=True)
    assert graph["format"] == "GraphDef" and graph["meta_graphs"][0]["graph"]["ops"] == {"Const": 1}


def test_a_comment_header_longer_than_the_head() -> None:
    header = b"".join(
        b"# Copyright line %d of a long licence header, longer than 512 bytes in all.\n" % i for i in range(12)
    )
    model = tfcollections.loads(header + b'meta_info_def { tags: "serve" }\n')
    assert model["encoding"] == "text" and model["meta_graphs"][0]["meta_info_def"]["tags"] == ["serve"]
    assert tfcollections.loads(b"\n" * 600 + b"saver_def { }")["encoding"] == "text"


def test_quotes_and_backslashes_in_strings() -> None:
    text = (
        'graph_def { node { name: "}\\"{\'" attr: \'"}\' } }\n'  # braces and quotes inside strings are not braces
        'meta_info_def { tags: "a\\"b" tags: \'it\\\'s\' tags: "\\\\" tags: "\\\\\\"" tags: "" }'
    )
    model = tfcollections.loads(text.encode())
    assert model["meta_graphs"][0]["meta_info_def"]["tags"] == ['a"b', "it's", "\\", '\\"', ""]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('meta_info_def {\n  tags: "a"\n', "unbalanced braces: the '{' at line 1, column 15 is never closed"),
        ("saver_def { }\n}\n", "unbalanced braces: '}' closes nothing at line 2, column 1"),
        ("graph_def { node { }\n", "unbalanced braces: the '{' at line 1, column 11 is never closed"),
        ("graph_def { node < } >\n", "unbalanced braces: '}' closes the '<' at line 1, column 18"),
        ("graph_def { a { } b {\n c < > ", "unbalanced braces: the '{' at line 1, column 21 is never closed"),
        ("graph_def { a { } b {\n c < > ", "the file ends first at line 2, column 8"),
        ("graph_def { a { b < } }", "unbalanced braces: '}' closes the '<' at line 1, column 19"),
        ('meta_info_def { tags: "a\\\n" }', "never-ending string: no closing quote before the end of its line"),
        ('meta_info_def { tags: "abc\n}', "never-ending string: no closing quote before the end of its line"),
        ('graph_def { node { name: "abc } }\n', "never-ending string: no closing quote before the end of its line"),
        ("saver_def { version: V3 }", "tensorflow.SaverDef.CheckpointFormatVersion has no value named 'V3'"),
        ("saver_def { max_to_keep: 2147483648 }", "integer 2147483648 out of range for an int32 field"),
        ("saver_def { max_to_keep: 1.5 }", "expected an integer, found '1.5'"),
        ("saver_def { sharded: yes }", "expected true or false, found 'yes'"),
        ('saver_def { filename_tensor_name "x" }', "expected ':' after field 'filename_tensor_name'"),
        ("saver_def { version: V1 version: V2 }", "non-repeated field 'version' is given more than once"),
        ("saver_def { } saver_def { }", "non-repeated field 'saver_def' is given more than once"),
        (
            'collection_def { key: "c" value { node_list { } bytes_list { } } }',
            "field 'bytes_list' is given along with 'node_list', another member of oneof 'kind'",
        ),
        ('meta_info_def { tags: "\\q" }', "invalid escape \\q in a string"),
        ('meta_info_def { tags: "\\xff" }', "invalid UTF-8 in string field"),
        ("meta_info_def { 3: 4 }", "expected a field name of MetaInfoDef, found '3'"),
        (
            'signature_def { key: "s" value { inputs { key: "x" value '
            + "{ composite_tensor { components " * 60
            + "}}" * 60
            + "}}}",
            "nesting deeper than 100 messages",
        ),
        ("hello: 1", "neither a MetaGraphDef nor a SavedModel in text format: its fields are 'hello'"),
        ("saver_def { future: 1.4e1.5 }", "expected a value for field 'future', found '1.4e1.5'"),
        ("saver_def { future: -abc }", "expected a value for field 'future', found '-abc'"),
        ("meta_info_def { any_info { [a.b] { } } }", "expected a type URL such as [type.googleapis.com/a.b] in an Any"),
        (
            "saver_def { keep_checkpoint_every_n_hours: -0.0 keep_checkpoint_every_n_hours: 0 }",
            "non-repeated field 'keep_checkpoint_every_n_hours' is given more than once",
        ),
        ("  # a comment\n\n", "neither a MetaGraphDef nor a SavedModel in text format: it has no fields, only blanks"),
        (
            "meta_info_def { any_info { [type.googleapis.com/tensorflow.SaverDef] { } , } }",
            "',' after an expanded Any: protobuf takes no separator there at line 1, column 74",
        ),
        (
            "meta_info_def { any_info { [type.googleapis.com/x.Unknown] < > ; } }",
            "';' after an expanded Any: protobuf takes no separator there",
        ),
    ],
    ids=[
        "never-closed",
        "closes-nothing",
        "never-closed-while-skipping",
        "mismatched-while-skipping",
        "innermost-never-closed",
        "where-the-file-ends",
        "innermost-mismatch",
        "backslash-newline",
        "never-ending-string",
        "never-ending-string-while-skipping",
        "unknown-enum-name",
        "int32-range",
        "not-an-integer",
        "not-a-bool",
        "missing-colon",
        "twice",
        "message-twice",
        "oneof",
        "bad-escape",
        "bad-utf8",
        "not-a-name",
        "too-deep",
        "other-message",
        "no-fields",
        "unknown-field-bad-number",
        "unknown-field-negative-name",
        "extension-in-an-any",
        "minus-zero-is-given",
        "comma-after-an-expanded-any",
        "semicolon-after-an-expanded-unknown-any",
    ],
)
def test_bad_text_gets_a_clear_error(text: str, message: str) -> None:
    error = _error(text)
    assert message in str(error), str(error)
    assert error.pos is not None and 0 <= error.pos <= len(text.encode())


@pytest.mark.parametrize(
    ("text", "message", "at"),
    [
        ('meta_info_def { tags: "a\x00b" }', "a raw NUL byte inside a string: protobuf's C++ parser ends", 22),
        ('graph_def { node { name: "a\x00" } }', "a raw NUL byte inside a string", 25),
        ('meta_info_def { # a NUL \x00 ends a comment\n tags: "a" }', "found '\\x00'", 24),
        ("# a NUL \x00 ends a comment\nsaver_def { }", "in text format: it starts with '\\x00'", 8),
    ],
    ids=["in-a-string", "in-a-skipped-string", "in-a-comment", "in-a-comment-before-the-first-field"],
)
def test_a_raw_nul_byte_in_a_string_or_a_comment_is_refused_as_by_cpp(text: str, message: str, at: int) -> None:
    # protobuf's C++ tokenizer ends a string or a comment at a NUL byte and refuses it; write \0 instead.
    error = _error(text)
    assert message in str(error), str(error)
    assert error.pos == at


def test_every_text_error_has_a_line_and_a_column() -> None:
    # An invalid escape is found by the scanner, which knows only the byte offset; it gets its place too.
    error = _error('meta_info_def {\n  tags: "ok"\n  tags: "a\\qb"\n}')
    assert (error.context, error.msg) == (("bad text-format MetaGraphDef",), "invalid escape \\q in a string")
    assert (error.pos, error.lineno, error.colno, error.path) == (39, 3, 11, ("MetaGraphDef", "meta_info_def", "tags"))
    # So does a brace scanned over, while a block is passed by its braces.
    error = _error("graph_def { node < } >\n")
    assert (error.lineno, error.colno, error.path) == (1, 20, ("MetaGraphDef", "graph_def"))


def test_the_escape_backslash_zero_is_a_nul_character() -> None:
    meta_graph = tfcollections.loads(b'meta_info_def { tags: "a\\0b" }')["meta_graphs"][0]
    assert meta_graph["meta_info_def"]["tags"] == ["a\x00b"]


def test_errors_carry_the_field_path() -> None:
    error = _error('collection_def { key: "c" value { int64_list { value: [1, x] } } }')
    assert error.path == ("MetaGraphDef", "collection_def", "value", "int64_list", "value")
    assert (error.context, error.msg) == (("bad text-format MetaGraphDef",), "expected an integer, found 'x'")
    assert (error.pos, error.lineno, error.colno) == (58, 1, 59)
    assert str(error) == (
        "bad text-format MetaGraphDef: expected an integer, found 'x' at line 1, column 59 "
        "(at byte 58, in MetaGraphDef.collection_def.value.int64_list.value)"
    )


def test_a_scalar_given_again_after_its_default_is_allowed_as_in_protobuf() -> None:
    # proto3 scalars have no presence: a zero does not count as set, so C++ accepts a second value.
    saver = _meta_graph("saver_def { max_to_keep: 0 max_to_keep: 3 sharded: false sharded: true }")["saver_def"]
    assert (saver["max_to_keep"], saver["sharded"]) == (3, True)

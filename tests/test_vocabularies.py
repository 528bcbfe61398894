# SPDX-License-Identifier: Apache-2.0
"""Vocabulary files given at conversion (``vocabularies=``, ``--vocabulary NAME=PATH``): a lookup table whose file
the model does not hold is filled from the file the caller names, and from no other.

The fixture ``tf1_frozen_tables`` is TensorFlow's: a TF 1 graph of tables read from files, frozen as tf2onnx's suite
freezes its table tests (``convert_variables_to_constants`` drops every initializer), with TensorFlow's outputs and
the files beside it. Its conversion against those outputs is tests/test_onnx_run.py's; TensorFlow ran the graph
``freeze`` writes with the files given (tests/data/onnx/freeze_check.json).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections
from tfcollections import ConversionError

from .test_convert import _LOOKUP, _const, _graph, _scalar_text, cli

DATA = Path(__file__).parent / "data" / "onnx" / "tf1_frozen_tables"
ABOUT: Dict[str, Any] = json.loads((DATA.parent / "manifest.json").read_text())["models"]["tf1_frozen_tables"]
GIVEN = {name: DATA / path for name, path in ABOUT["vocabularies"].items()}


def _shared_names() -> Dict[str, bytes]:
    nodes = tfcollections.decode_message("GraphDef", (DATA / "frozen.pb").read_bytes())["node"]
    return {node["name"]: node["attr"]["shared_name"]["s"] for node in nodes if node["op"] == "HashTableV2"}


def _run(data: bytes, feeds: Dict[str, Any]) -> List[Any]:
    onnxruntime = pytest.importorskip("onnxruntime")
    session = onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
    return list(session.run(None, feeds))


def test_a_frozen_table_is_refused_naming_the_file_its_shared_name_names() -> None:
    with pytest.raises(ConversionError) as error:
        tfcollections.to_onnx(DATA / "frozen.pb", outputs=["index:0"])
    text = str(error.value)
    assert text.startswith("node 'string_to_index/hash_table/hash_table' (HashTableV2): its contents are not known: "
                           "no initializer in the graph fills it")  # fmt: skip
    assert (
        "its shared_name 'hash_table_vocab.tmp_-2_-1' is how tf.lookup names a table filled from the vocabulary "
        "file 'vocab.tmp': give that file (vocabularies={'vocab.tmp': PATH}, or --vocabulary vocab.tmp=PATH)"
    ) in text
    # A file of another name, given, is not read in its place.
    with pytest.raises(ConversionError, match=r"filled from the vocabulary file 'vocab\.tmp'"):
        tfcollections.to_onnx(DATA / "frozen.pb", outputs=["index:0"], vocabularies={"counts_7": GIVEN["counts_7"]})


def test_a_file_is_given_by_the_name_the_graph_writes_or_its_last_part() -> None:
    np = pytest.importorskip("numpy")
    words = np.array(["pear", "cherry \u2665", "grape"], dtype=object)
    # first_three's file is named by the path of the machine that made it: given whole, or by its last part.
    whole = _shared_names()["string_to_index_1/hash_table/hash_table"].decode()
    assert whole.startswith("hash_table_/") and whole.endswith("/vocab.tmp_3_-2_-1")
    path = whole[len("hash_table_") : -len("_3_-2_-1")]
    for given in ({path: GIVEN["vocab.tmp"]}, {"vocab.tmp": str(GIVEN["vocab.tmp"])}):
        data = tfcollections.to_onnx(DATA / "frozen.pb", outputs=["first_three:0"], vocabularies=given)
        assert [item.tolist() for item in _run(data, {"words:0": words})] == [[1, -1, -1]]  # its vocab_size is 3
    model = tfcollections.decode_message("onnx.ModelProto", data)
    assert model["doc_string"].splitlines()[-1] == (
        f"vocabularies: {path!r} given, filling 'string_to_index_1/hash_table/hash_table'"
    )
    assert str(DATA) not in model["doc_string"].replace(path, "")  # the path read from is this machine's: not said


def test_what_tensorflow_would_refuse_of_a_given_file_is_refused(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_bytes(b"apple\npear\n")
    with pytest.raises(ConversionError, match=r"its vocab_size is 3, and 'short.txt' has 2 lines, which TensorFlow"):
        tfcollections.to_onnx(DATA / "frozen.pb", outputs=["first_three:0"], vocabularies={"vocab.tmp": short})
    doubled = tmp_path / "doubled.txt"
    doubled.write_bytes(b"a\nb\na\n")
    with pytest.raises(ConversionError, match=r"key b'a' is given twice, with values 0 and 2"):
        tfcollections.to_onnx(DATA / "frozen.pb", outputs=["index:0"], vocabularies={"vocab.tmp": doubled})
    words = tmp_path / "words.txt"
    words.write_bytes(b"ten\n")
    with pytest.raises(ConversionError, match=r"field b'ten' of line 0 of 'words.txt' is not an int64"):
        tfcollections.to_onnx(DATA / "frozen.pb", outputs=["numbers:0"], vocabularies={"counts_7": words})
    with pytest.raises(ConversionError, match=r"its vocabulary, 'vocab.tmp', given as '.*gone.txt', does not read"):
        tfcollections.to_onnx(
            DATA / "frozen.pb", outputs=["index:0"], vocabularies={"vocab.tmp": tmp_path / "gone.txt"}
        )


@pytest.mark.parametrize(
    ("shared_name", "readings"),
    [
        (b"hash_table_vocab.txt_-2_-1", [("vocab.txt", -2, -1, -1, 0)]),
        (b"hash_table_vocab.txt_-1_-2", [("vocab.txt", -1, -2, -1, 0)]),
        # A vocab_size, or column 3 and an offset of -1: both, under one name.
        (b"hash_table_v_3_-2_-1", [("v_3", -2, -1, -1, 0), ("v", -2, -1, 3, 0), ("v", 3, -2, -1, -1)]),
        (b"hash_table_v_5_-2_-1_10", [("v_5_-2", -1, 10, -1, 0), ("v_5", -2, -1, -1, 10), ("v", -2, -1, 5, 10)]),
        (b"hash_table_a_b_0_1", [("a_b", 0, 1, -1, 0)]),
        (b"hash_table_x_-3_-1", []),  # no index below -2
        (b"hash_table_-2_-1", []),  # no file
        (b"hash_table_words.txt", []),
        (b"table_vocab.txt_-2_-1", []),
        (b"hash_table_\xff_-2_-1", []),
    ],
)
def test_a_shared_name_reads_as_tf_lookup_writes_it(shared_name: bytes, readings: List[Any]) -> None:
    from tfcollections._convert.tablefills import _shared_name_files

    found = [(item.name, item.key_index, item.value_index, item.vocab_size, item.offset)
             for item in _shared_name_files(shared_name)]  # fmt: skip
    assert sorted(found) == sorted(readings)


def _table(shared_name: bytes, key: str = "DT_STRING", value: str = "DT_INT64") -> List[Any]:
    return [("x", "HashTableV2", [], {"key_dtype": key, "value_dtype": value, "shared_name": shared_name}, None),
            *_LOOKUP[1:]]  # fmt: skip


def test_a_name_of_two_readings_is_read_the_way_tf_lookup_writes_it(tmp_path: Path) -> None:
    # "v_3_-2_-1" given as "v": a vocab_size of 3 (index_table_from_file's), not column 3 and an offset of -1.
    np = pytest.importorskip("numpy")
    (tmp_path / "v").write_bytes(b"a\nb\nc\nd\n")
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*_table(b"hash_table_v_3_-2_-1"))), outputs=["y"],
                                 vocabularies={"v": tmp_path / "v"})  # fmt: skip
    assert _run(data, {"q:0": np.array(["c", "d"], dtype=object)})[0].tolist() == [2, -1]
    # Given as "v_3", it is the whole file.
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*_table(b"hash_table_v_3_-2_-1"))), outputs=["y"],
                                 vocabularies={"v_3": tmp_path / "v"})  # fmt: skip
    assert _run(data, {"q:0": np.array(["c", "d"], dtype=object)})[0].tolist() == [2, 3]
    # Given under both names, the two readings of whole lines are two files: refused, naming both.
    with pytest.raises(ConversionError, match=r"reads as more than one vocabulary file given: 'v_3' \(vocab_size -1, "
                                              r"offset 0\), 'v' \(vocab_size 3, offset 0\)"):  # fmt: skip
        tfcollections.to_onnx(tfcollections.loads(_graph(*_table(b"hash_table_v_3_-2_-1"))), outputs=["y"],
                              vocabularies={"v": tmp_path / "v", "v_3": tmp_path / "v"})  # fmt: skip


def test_a_table_of_columns_named_by_its_shared_name_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pairs.txt").write_bytes(b"a\t1\n")
    with pytest.raises(ConversionError, match=r"it reads column 1 of 'pairs.txt', and the character columns are split "
                                              r"at is not in the graph"):  # fmt: skip
        tfcollections.to_onnx(tfcollections.loads(_graph(*_table(b"hash_table_pairs.txt_0_1"))), outputs=["y"],
                              vocabularies={"pairs.txt": tmp_path / "pairs.txt"})  # fmt: skip


def test_an_initializer_of_a_file_the_model_does_not_hold_reads_the_file_given(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    reads = {"key_index": -2, "value_index": -1}
    nodes = [*_LOOKUP, _const("f", _scalar_text("/data/run3/vocab.txt")),
             ("i", "InitializeTableFromTextFileV2", ["x", "f"], reads, None)]  # fmt: skip
    with pytest.raises(
        ConversionError,
        match=r"a file the model does not hold as an asset: give the file "
        r"\(vocabularies=\{'vocab.txt': PATH\}, or --vocabulary vocab.txt=PATH\)",
    ):
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])
    (tmp_path / "words").write_bytes(b"x\ny\r\n")
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"],
                                 vocabularies={"vocab.txt": tmp_path / "words"})  # fmt: skip
    assert _run(data, {"q:0": np.array(["y", "z"], dtype=object)})[0].tolist() == [1, -1]
    doc = tfcollections.decode_message("onnx.ModelProto", data)["doc_string"]
    assert doc.splitlines()[-1] == "vocabularies: '/data/run3/vocab.txt' given, filling 'x'"
    # freeze writes the contents as an InitializeTableV2 of two constants, under the initializer's name.
    frozen = tfcollections.freeze(tfcollections.loads(_graph(*nodes)), outputs=["y"],
                                  vocabularies={"/data/run3/vocab.txt": tmp_path / "words"})  # fmt: skip
    ops = {node["name"]: node["op"] for node in tfcollections.decode_message("GraphDef", frozen)["node"]}
    assert ops["i"] == "InitializeTableV2" and "InitializeTableFromTextFileV2" not in ops.values()


def test_a_table_filled_again_is_named_apart_from_the_graphs_nodes(tmp_path: Path) -> None:
    (tmp_path / "v").write_bytes(b"a\n")
    nodes = [*_table(b"hash_table_v_-2_-1"), _const("x/table_init", _scalar_text("taken"))]
    frozen = tfcollections.freeze(tfcollections.loads(_graph(*nodes)), outputs=["y", "x/table_init"],
                                  vocabularies={"v": tmp_path / "v"})  # fmt: skip
    ops = {node["name"]: node["op"] for node in tfcollections.decode_message("GraphDef", frozen)["node"]}
    assert ops["x/table_init"] == "Const" and ops["x/table_init_"] == "InitializeTableV2"


# ---------------------------------------------------------------- the command line


def test_export_reads_the_files_given_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "tables.onnx"
    files = [f"--vocabulary={name}={path}" for name, path in GIVEN.items()]
    result = cli(
        ["export", str(DATA / "frozen.pb"), str(out), "--outputs", "index:0", "--outputs", "numbers:0", *files]
    )
    assert result.returncode == 0, result.stderr
    assert ("  vocabularies: 'counts_7' given, filling 'string_to_index_2/hash_table/hash_table'; 'vocab.tmp' given, "
            "filling 'string_to_index/hash_table/hash_table'") in result.stdout.decode().splitlines()  # fmt: skip
    frozen = tmp_path / "tables.pb"
    result = cli(["export", str(DATA / "frozen.pb"), str(frozen), "--outputs", "names:0",
                  "--vocabulary", f"vocab.tmp={GIVEN['vocab.tmp']}"])  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "InitializeTableV2 1" in result.stdout.decode()
    # --json says the same under "vocabularies".
    again = tmp_path / "again.onnx"
    result = cli(["export", str(DATA / "frozen.pb"), str(again), "--outputs", "names:0", "--json",
                  "--vocabulary", f"vocab.tmp={GIVEN['vocab.tmp']}"])  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["vocabularies"] == "'vocab.tmp' given, filling 'index_to_string/hash_table'"


def test_export_without_the_file_is_one_line_and_no_file(tmp_path: Path) -> None:
    out = tmp_path / "tables.onnx"
    result = cli(["export", str(DATA / "frozen.pb"), str(out), "--outputs", "index:0"])
    assert result.returncode == 1 and result.stdout == b"" and not out.exists()
    assert result.stderr.decode().count("\n") == 1
    assert "--vocabulary vocab.tmp=PATH" in result.stderr.decode()


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--vocabulary", "vocab.tmp"], "--vocabulary 'vocab.tmp' is not NAME=PATH"),
        (["--vocabulary", "=v"], "--vocabulary '=v' is not NAME=PATH"),
        (["--vocabulary", "a=x", "--vocabulary", "a=y"], "--vocabulary a is given twice, as 'x' and 'y'"),
    ],
)
def test_a_vocabulary_option_that_is_not_name_equals_path_is_a_usage_error(
    tmp_path: Path, options: List[str], expected: str
) -> None:
    out = tmp_path / "tables.onnx"
    result = cli(["export", str(DATA / "frozen.pb"), str(out), *options])
    assert result.returncode == 2 and not out.exists()
    assert result.stderr.decode() == f"tfcollections export: usage error: {expected}\n"
    result = cli(["run", str(DATA / "frozen.pb"), *options])
    assert result.returncode == 2
    assert result.stderr.decode() == f"tfcollections run: usage error: {expected}\n"


def test_run_reads_the_files_given() -> None:
    # The session converts its default outputs first: every table's file is given.
    pytest.importorskip("onnxruntime")
    files = [f"--vocabulary={name}={path}" for name, path in GIVEN.items()]
    result = cli(["run", str(DATA / "frozen.pb"), "--inputs", "ids:0=[3, 9]", "--outputs", "names:0", *files, "--json"])
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["names:0"]["values"] == ["cherry \u2665", "UNK"]

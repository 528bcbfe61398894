# SPDX-License-Identifier: Apache-2.0
"""Pictures the command line draws without a plotting package: scalar curves as SVG or HTML (``events --plot``),
image summaries written as files (``events --images``), and a graph as Graphviz DOT (``show --dot``).

The SVG is parsed as XML and its charts and lines counted; the smoothing is TensorBoard's, checked against its
formula worked by hand; images are the bytes the event holds; the DOT text is checked for its nodes and edges, and
drawn by Graphviz where it is installed (tools/gen_pictures.py draws both with real renderers).
"""

from __future__ import annotations

import io
import math
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import List, Tuple

import pytest

import tfcollections
from tfcollections._cli.main import Environment, main
from tfcollections._cli.plot import smoothed, svg, ticks

REPO = Path(__file__).parent.parent
EVENTS = "tests/data/events"
SVG = "{http://www.w3.org/2000/svg}"


def _run(args: List[str]) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(args, Environment(io.BytesIO(), out, err, cwd=str(REPO)))
    return status, out.getvalue(), err.getvalue()


def test_smoothing_is_tensorboards() -> None:
    # last = last * w + (1 - w) * v, over 1 - w ** n: 1, then (0.24 + 0.8) / 0.64, then (0.624 + 1.2) / 0.784.
    got = smoothed([1.0, 2.0, 3.0], 0.6)
    assert [round(value, 9) for value in got] == [1.0, 1.625, round(1.824 / 0.784, 9)]
    with_gap = smoothed([1.0, math.nan, 3.0], 0.6)  # a non-finite value kept, and left out of the average
    assert math.isnan(with_gap[1]) and with_gap[2] == pytest.approx((0.24 + 1.2) / 0.64)
    assert smoothed([5.0, 5.0, 5.0], 0.9) == [5.0, 5.0, 5.0] and smoothed([1.0, 2.0], 0.0) == [1.0, 2.0]


def test_ticks_are_round() -> None:
    assert ticks(0, 1000000) == [0, 500000, 1000000]
    assert ticks(-0.013, 0.027) == [-0.01, 0.0, 0.01, 0.02]
    assert ticks(0, 2, whole=True) == [0, 1, 2]  # no half step


def test_events_plot_draws_a_chart_per_tag_and_a_line_per_run(tmp_path: Path) -> None:
    target = tmp_path / "curves.svg"
    status, out, err = _run(["events", EVENTS, "--run", "^(tf2|torch)$", "--plot", str(target)])
    assert (status, err) == (0, "") and out.endswith(f"{target}: 4 charts of 2 runs\n")
    root = ElementTree.parse(target).getroot()
    charts = root.findall(f"{SVG}g")
    tags = [chart.find(f"{SVG}title").text for chart in charts]  # type: ignore[union-attr]
    assert tags == ["accuracy", "loss", "train/loss", "train/new_style"]
    loss = charts[1]
    # tf2's loss has a NaN and an infinity: its smoothed line breaks there, into two polylines.
    assert len(loss.findall(f"{SVG}polyline[@class='line']")) == 2
    assert len(loss.findall(f"{SVG}polyline[@class='raw']")) == 2
    values = [float(x) for x in tfcollections.event_columns(REPO / EVENTS, run="^tf2$", tag="^loss$")["value"]]
    drawn = " ".join(line.get("points", "") for line in loss.findall(f"{SVG}polyline[@class='raw']")).split()
    assert len(drawn) == sum(math.isfinite(value) for value in values)
    # The same log gives the same bytes; the file is not replaced without --force.
    first = target.read_bytes()
    assert _run(["events", EVENTS, "--run", "^(tf2|torch)$", "--plot", str(target)])[0] == 1
    assert _run(["events", EVENTS, "--run", "^(tf2|torch)$", "--plot", str(target), "--force"])[0] == 0
    assert target.read_bytes() == first
    page = tmp_path / "curves.html"
    assert _run(["events", EVENTS, "--plot", str(page), "--smooth", "0"])[0] == 0
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "<svg " in text and 'class="raw"' not in text  # no smoothing


def test_events_plot_refuses_what_it_cannot_draw() -> None:
    status, out, err = _run(["events", EVENTS, "--plot", "curves.png"])
    assert (status, out) == (2, "") and "name it .svg (a picture) or .html (a page)" in err
    assert _run(["events", EVENTS, "--plot", "c.svg", "--smooth", "1"])[0] == 2
    picture = svg({}, 0.6, "nothing")
    assert ElementTree.fromstring(picture).find(f".//{SVG}text[.='no scalars']") is not None


def test_events_images_are_written_as_the_events_hold_them(tmp_path: Path) -> None:
    status, out, err = _run(["events", EVENTS, "--images", str(tmp_path / "pictures")])
    assert (status, err) == (0, "") and out.endswith(f"{tmp_path / 'pictures'}: 6 images written\n")
    expected = {}
    for event in tfcollections.events(REPO / EVENTS):
        if event["kind"] == "image":
            for index, (data, kind) in enumerate(zip(event["value"]["images"], event["value"]["formats"])):
                parts = [part for part in f"{event['run']}/{event['tag']}".split("/") if part not in ("", ".")]
                expected[Path(*parts, f"{event['step']}_{index}.{kind or 'bin'}")] = data
    written = {path.relative_to(tmp_path / "pictures"): path.read_bytes()
               for path in (tmp_path / "pictures").rglob("*") if path.is_file()}  # fmt: skip
    assert written == expected and all(data.startswith(b"\x89PNG") for data in written.values())
    status, _, err = _run(["events", EVENTS, "--images", str(tmp_path / "pictures")])
    assert status == 1 and err.count("\n") == 1 and "not written" in err and "--force" in err


def test_show_dot_draws_the_graph_or_a_scope_and_its_boundary() -> None:
    status, out, err = _run(["examples/model.meta", "--dot"])
    assert (status, err) == (0, "") and out.startswith('digraph "examples/model.meta" {\n') and out.endswith("}\n")
    nodes = tfcollections.load(REPO / "examples" / "model.meta", graph=True)["meta_graphs"][0]["graph"]["ops"]
    assert out.count(" [label=") >= sum(nodes.values())  # every node (and labelled edges)
    assert '"x" [label="x\\nPlaceholder", fillcolor="#c8e6c9"];' in out
    status, scoped, err = _run(["examples/model.meta", "--dot", "--scope-boundary", "dense"])
    assert status == 0 and '"dense/kernel" [label="dense/kernel\\nVariableV2", fillcolor="#bbdefb"];' in scoped
    assert '"dense_1/kernel"' not in scoped  # another scope, not crossing this one's edge
    assert '"MatMul" [label="MatMul\\nMatMul", style=dashed, fillcolor=white];' in scoped  # reads dense/kernel
    boundary = tfcollections.subgraph(REPO / "examples" / "model.meta", "dense")["outputs"]
    assert all(f'"{consumer}"' in scoped for tensor in boundary for consumer in tensor["consumers"])
    assert _run(["examples/model.meta", "--dot", "--json"])[0] == 2


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_graphviz_draws_the_dot() -> None:
    _, out, _ = _run(["examples/model.meta", "--dot", "--scope-boundary", "dense"])
    drawn = subprocess.run(["dot", "-Tsvg"], input=out.encode(), capture_output=True, timeout=60)
    assert drawn.returncode == 0 and b"<svg" in drawn.stdout, drawn.stderr


def test_the_pictures_in_the_docs_are_what_the_commands_draw(tmp_path: Path) -> None:
    # docs/pictures is written by tools/gen_pictures.py (which also draws them with Graphviz and librsvg).
    target = tmp_path / "curves.svg"
    _run(["events", EVENTS, "--run", "^(tf2|torch)$", "--plot", str(target)])
    assert target.read_bytes() == (REPO / "docs" / "pictures" / "curves.svg").read_bytes()
    _, dot, _ = _run(["examples/model.meta", "--dot", "--scope-boundary", "dense"])
    assert dot == (REPO / "docs" / "pictures" / "graph.dot").read_text()


def test_a_long_curve_is_thinned_and_a_gap_stays_a_gap() -> None:
    # 20,000 steps draw at most the least and greatest value of each column, in step order; a NaN breaks the line,
    # and values of 1e5 and more are labelled in e-notation.
    steps = [float(step) for step in range(20_000)]
    values = [1e6 * math.sin(step / 500.0) for step in range(20_000)]
    values[10_000] = math.nan
    picture = svg({"loss": {"train": (steps, values)}, "empty": {}}, 0.0, "a <long> run")
    root = ElementTree.fromstring(picture)
    lines = [element for element in root.iter("{http://www.w3.org/2000/svg}polyline")]
    points = [len(line.get("points", "").split()) for line in lines]
    assert len(lines) >= 2 and max(points) < 2_000  # thinned: far fewer than 20,000 points
    assert any("e+06" in (text.text or "") for text in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "a &lt;long&gt; run" in picture
    flat = svg({"flat": {"a": ([0.0, 1.0], [2.0, 2.0])}, "nan": {"a": ([0.0], [math.nan])}}, 0.6, "flat")
    assert ElementTree.fromstring(flat) is not None
    assert "no scalars" in svg({}, 0.6, "nothing")


def test_show_dot_draws_a_library_functions_body() -> None:
    # A body's inputs name an argument or node:output:index; its arguments are dashed.
    out, err = io.StringIO(), io.StringIO()
    args = ["tests/data/files/graph_scan.meta", "--dot", "--function", "while_cond_214"]
    assert main(args, Environment(stdout=out, stderr=err, cwd=str(REPO))) == 0 and err.getvalue() == ""
    dot = out.getvalue()
    assert '"placeholder" -> "Less";' in dot and '"Less/y" -> "Less";' in dot and "style=dashed" in dot


def test_show_dot_of_a_scope_by_pattern_and_of_a_function_the_graph_lacks() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["examples/model.meta", "--dot", "--scope", "dense/"], Environment(stdout=out, stderr=err,
                cwd=str(REPO))) == 0  # fmt: skip
    assert '"dense/kernel/Initializer/random_uniform/shape" [' in out.getvalue()
    assert '"dense_1/kernel" [' not in out.getvalue()  # the pattern matches names from their start
    out, err = io.StringIO(), io.StringIO()
    args = ["examples/model.meta", "--dot", "--function", "nope"]
    assert main(args, Environment(stdout=out, stderr=err, cwd=str(REPO))) == 3 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "no function 'nope': the graph has no function library" in err.getvalue()

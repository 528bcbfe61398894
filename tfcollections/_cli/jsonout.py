# SPDX-License-Identifier: Apache-2.0
"""``--json`` and ``--jsonl``: everything, losslessly, as JSON.

Strategy: the documents are the library's results as they are, with what the filters keep (``views``);
what JSON cannot hold is written as an object that says what it is: bytes as ``{"$base64": ...}``, a
non-finite float as ``{"$float": "inf"}``, a complex value as ``[real, imag]``.
"""

from __future__ import annotations

import base64
import json
import math

from .views import graph_summary, graph_variables, selected

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, TextIO

    from ..types import Model


def jsonable(value: Any) -> Any:
    """*value* with what JSON cannot hold written as an object that says what it is (bytes, inf and nan)."""
    if isinstance(value, (bytes, bytearray)):
        return {"$base64": base64.b64encode(value).decode("ascii")}
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": repr(value)}
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [jsonable(item) for item in value]
    return value


def complex_as_pairs(value: Any) -> Any:
    """A tensor's values with each complex number as ``[real, imag]``."""
    if isinstance(value, list):
        return [complex_as_pairs(item) for item in value]
    if isinstance(value, complex):
        return [value.real, value.imag]
    return value


def model_document(given: str, model: Model, meta_graphs: List[Any], names: Optional[List[str]],
                   scope: Optional[str], boundary: bool) -> Dict[str, Any]:  # fmt: skip
    """--json's document: the input as given, the file read and how it was found, and what it holds."""
    document: Dict[str, Any] = {"path": given, "file": model["path"], "located": model["located"]}
    document.update(format=model["format"], encoding=model["encoding"])
    document.update(saved_model_schema_version=model["saved_model_schema_version"], meta_graphs=[])
    for index, meta_graph in meta_graphs:
        shown = {**meta_graph, "index": index, "collection_def": selected(meta_graph, names, scope, boundary)}
        if "graph" in meta_graph:
            variables = graph_variables(meta_graph, names, scope, boundary)
            shown["graph"] = {**meta_graph["graph"], "variables": variables}
            shown["graph_summary"] = graph_summary(meta_graph["graph"], variables)
        document["meta_graphs"].append(shown)
    return document


def dump(document: Any, out: TextIO, ascii_only: bool, one_line: bool) -> None:
    """Write *document* as JSON: indented, or on one line for ``--jsonl``; then a newline."""
    separators = (",", ":") if one_line else None
    json.dump(jsonable(document), out, indent=None if one_line else 1, ensure_ascii=ascii_only, allow_nan=False,
              separators=separators)  # fmt: skip
    out.write("\n")

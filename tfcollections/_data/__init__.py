# SPDX-License-Identifier: Apache-2.0
"""Generated data, at the bottom of the package: what TensorFlow's releases register, read from their wheels.

``registry`` (which release registers which op), ``releases`` (each release's op attrs, DataTypes, GraphDef
versions) and ``opdefs`` (each op's output arguments) are Python modules, so that a vendored copy needs no data file
beside it and they import from bytecode; each says the command that writes it. Their tables are strings in one row
grammar, which ``rows`` reads and ``tools/data_rows.py`` writes. Nothing here imports anything.
"""

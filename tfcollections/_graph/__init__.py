# SPDX-License-Identifier: Apache-2.0
"""Private wing: the graph. Import from the modules, not from here.

A GraphDef's nodes read in one pass (``nodes``, ``nodelists``), what ``load(graph=True)`` gives (``graph``:
variables, ops, functions; ``endpoints``: inputs, outputs, constants, savers), Const values (``constants``), the
ops the scan flags (``ops``), op signatures as data (``opdefs``, ``optypes``) and a SavedModel's object graph
(``saved_objects``). Reads a ``Source`` of ``_disk``; imports ``_proto`` and the bottom modules below it, never the
model wing that calls it.
"""

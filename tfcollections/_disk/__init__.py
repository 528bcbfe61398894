# SPDX-License-Identifier: Apache-2.0
"""Private wing: files on disk. Import from the modules, not from here.

What a file is from its content (``sniff``, ``lookalikes``), the file that was read (``source``: memory-mapped,
kept beside what was read from it), where a path's model is (``locate``: SavedModel directories, export bases,
checkpoint state files, shard patterns, data-shard prefixes) and which checkpoint a path means (``find``). The
one home of finding files, below the graph, model and checkpoint wings that all find them. Imports ``_proto``
and the bottom modules below it.
"""

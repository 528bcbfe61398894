# SPDX-License-Identifier: Apache-2.0
"""Private wing: TensorFlow's model files. Import from the modules, not from here.

What a file is (``sniff``, ``lookalikes``), the file that was read (``source``), reading whole files and
finding them in trees (``files``), their collections (``collections``), where a path's model is
(``locate``), and the graph scan (``nodes``, ``graph``, ``ops``). Imports ``_api``, ``_proto`` and the
bottom modules below it.
"""

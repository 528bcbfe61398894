# SPDX-License-Identifier: Apache-2.0
"""Private wing: checkpoints. Import from the modules, not from here.

TensorFlow's table files (``table``), CRC-32C (``crc32c``), listing a checkpoint and reading a tensor's values
(``checkpoint``), and whether a meta graph restores from one (``restore``). Imports ``_model``, ``_graph``,
``_disk`` (which checkpoint a path means), ``_proto`` and the bottom modules below them; ``import tfcollections``
never loads it (PEP 562).
"""

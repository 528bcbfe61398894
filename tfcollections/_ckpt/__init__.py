# SPDX-License-Identifier: Apache-2.0
"""Private wing: checkpoints. Import from the modules, not from here.

TensorFlow's table files (``table``), CRC-32C (``crc32c``), which checkpoint a path means (``find``), listing
a checkpoint and reading a tensor's values (``checkpoint``), and whether a meta graph restores from one
(``restore``). Imports ``_model``, ``_proto`` and the bottom modules below it; ``import tfcollections`` never
loads it (PEP 562).
"""

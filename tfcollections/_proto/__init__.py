# SPDX-License-Identifier: Apache-2.0
"""Private wing: protobuf without TensorFlow's file semantics. Import from the modules, not from here.

The wire format (``wire``), the schema's literal tables (``schema``) and what is compiled from them at import
(``compiled``), the binary decoder and encoder driven by them (``decoder``, ``encoder``), and the text format
(``textscan`` for tokens, ``text`` for the grammar). Imports only ``_errors`` and ``_typing`` below it.
"""

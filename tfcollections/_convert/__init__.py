# SPDX-License-Identifier: Apache-2.0
"""Private wing: conversion. Import from the modules, not from here.

A graph held to be changed and written (``graphdef``), freezing a graph with a checkpoint's values
(``freeze``), and the conversion of a frozen graph to ONNX (``onnx``, ``optable``). Above the checkpoint wing,
whose values it reads, and the graph wing, whose analysis it uses; ``import tfcollections`` never loads it.
"""

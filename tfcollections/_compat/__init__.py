# SPDX-License-Identifier: Apache-2.0
"""Private wing: will a model load in a given TensorFlow release (``check``), on the releases as data (``table``,
``releases``). Import from the modules, not from here.

Imports the model reader and the op table of ``_scan``; the public name is ``tfcollections.compatible``.
"""

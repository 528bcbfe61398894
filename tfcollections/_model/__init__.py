# SPDX-License-Identifier: Apache-2.0
"""Private wing: TensorFlow's model files. Import from the modules, not from here.

Reading whole files and finding them in trees (``files``), their collections (``collections``), and views of a
model given by its path (``subgraph``). Finds and opens files through ``_disk``; reads graphs through
``_graph``; imports ``_items``, ``_proto`` and the bottom modules below them.
"""

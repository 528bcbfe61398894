# SPDX-License-Identifier: Apache-2.0
"""Private wing: records. Import from the modules, not from here.

TFRecord files, their frames and CRCs (``tfrecord``), the ``tf.train.Example`` records they hold (``examples``),
and TensorBoard's event files, whose records are ``tensorflow.Event`` messages (``events``). Imports ``_ckpt``
(CRC-32C), ``_model`` (a summary's tensor values), ``_proto`` and the bottom modules below it; ``import
tfcollections`` never loads it (PEP 562).
"""

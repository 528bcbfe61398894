# SPDX-License-Identifier: Apache-2.0
"""Private wing: records. Import from the modules, not from here.

TFRecord files, their frames and CRCs (``tfrecord``), and the ``tf.train.Example`` records they hold
(``examples``). Imports ``_ckpt`` (CRC-32C), ``_proto`` and the bottom modules below it; ``import tfcollections``
never loads it (PEP 562).
"""

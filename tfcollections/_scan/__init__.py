# SPDX-License-Identifier: Apache-2.0
"""The security scan: what in a model can touch the host (``scan``), the op registry as data (``registry``).

Imports the model reader (``_model``) and nothing above it; the public name is ``tfcollections.scan``.
"""

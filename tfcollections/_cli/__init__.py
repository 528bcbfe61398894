# SPDX-License-Identifier: Apache-2.0
"""Private wing: the command line. Import from the modules, not from here.

The arguments of ``show`` and a command line of paths alone read without argparse (``usage``), the argparse spec
(``spec``), the run with its exit statuses and injected environment (``main``), what the
filters keep of a model (``views``), the renderers of a model (``render``), of checkpoints (``checkpoints``)
and of JSON (``jsonout``), and the shared cells (``cells``). The top of the package: it may import every wing
and the public names.
"""

# SPDX-License-Identifier: Apache-2.0
"""Private wing: the command line. Import from the modules, not from here.

The run (``main``), dispatched from the table of commands (``commands``), each command a module with one entry
point, ``run(argv, env)``: ``show`` (the default), ``scan``, ``export`` (and ``convert`` for its models), ``diff``,
``records``, ``events``, ``run``, ``compat``. What they share: the run's environment (``environment``), the exit
statuses of every command (``status``), the progress line (``progress``), the arguments of ``show`` and a command
line of paths alone read without argparse (``usage``), the argparse spec (``spec``), what the filters keep of a
model (``views``), the renderers of a model (``render``), of checkpoints (``checkpoints``), of a view
(``subgraph``), of JSON (``jsonout``), the pictures (``plot``, ``dot``), and the shared cells (``cells``). The top of
the package: it may import every wing and the public names.
"""

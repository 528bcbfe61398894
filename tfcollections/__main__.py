# SPDX-License-Identifier: Apache-2.0
"""``python -m tfcollections FILE``: see ``_cli/main.py``."""

import sys

from ._cli.main import main

sys.exit(main())

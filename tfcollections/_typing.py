# SPDX-License-Identifier: Apache-2.0
"""``typing.overload`` and ``typing.cast`` for the package's annotations, without importing ``typing``.

Strategy: a type checker sees the real ones (``TYPE_CHECKING``); the interpreter gets two functions that do
what those do at run time, for what the package needs of them: ``overload`` only has to hand back the
function it decorates (each overload is then replaced by the next definition, and the last is the
implementation), ``cast`` returns its value. So the import of the package never pays for ``typing`` (most of
the import time it would otherwise have, docs/performance.md).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import cast as cast, overload as overload
else:

    def overload(function):
        return function

    def cast(kind, value):
        return value

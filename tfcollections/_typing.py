# SPDX-License-Identifier: Apache-2.0
"""The package's annotation helpers, without importing ``typing``: ``overload``, ``cast``, and its type aliases.

Strategy: a type checker sees the real ones (``TYPE_CHECKING``); the interpreter gets two functions that do
what those do at run time, for what the package needs of them: ``overload`` only has to hand back the
function it decorates (each overload is then replaced by the next definition, and the last is the
implementation), ``cast`` returns its value. So the import of the package never pays for ``typing`` (most of
the import time it would otherwise have). The aliases every module annotates with are defined here once,
for type checkers only: ``Buffer`` (any bytes the readers read in place), ``FrozenBuffer`` (one whose slices
are ``bytes``, so hashable: the graph scan counts ops by their bytes), ``BytesLike`` (what the wire format's
functions also take: a view of a checkpoint's data too) and ``Decoded`` (a message as a dict).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import mmap
    from typing import Any, Dict, Union, cast as cast, overload as overload

    Buffer = Union[bytes, bytearray, mmap.mmap]  # mmap: whole files are read in place
    FrozenBuffer = Union[bytes, mmap.mmap]
    BytesLike = Union[bytes, bytearray, mmap.mmap, memoryview]
    Decoded = Dict[str, Any]
else:

    def overload(function):
        return function

    def cast(kind, value):
        return value

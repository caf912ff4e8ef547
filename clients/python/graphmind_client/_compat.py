"""What Python 3.9 and 3.10 lack: StrEnum (3.11)."""

import sys
from enum import Enum

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:
    class StrEnum(str, Enum):
        """An Enum whose members are strings and print as their value (as 3.11's)."""

        def __str__(self) -> str:
            return str(self.value)

        def __format__(self, spec: str) -> str:
            return format(str(self.value), spec)

__all__ = ["StrEnum"]

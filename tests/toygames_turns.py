"""Registry module of the test-only game ``toy-turns``."""

from tests.toygames import TURNS as ENTRY

__all__ = ["ENTRY"]

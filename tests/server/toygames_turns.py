"""Registry module of the test-only game ``toy-turns``."""

from tests.server.toygames import TURNS as ENTRY

__all__ = ["ENTRY"]

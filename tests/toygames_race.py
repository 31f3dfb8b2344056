"""Registry module of the test-only game ``toy-race``."""

from tests.toygames import RACE as ENTRY

__all__ = ["ENTRY"]

"""The import-graph checker behind ``tests/test_layers.py``: functions that take a package root,
so a small planted tree is checked exactly as the real package is."""

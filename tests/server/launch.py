"""Start ``crafthall serve`` with the test-only toy games registered (for process tests)."""

from __future__ import annotations

import argparse

from crafthall.server.run import serve
from tests.server.helpers import register_toys

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--fd", type=int, required=True)
    args = parser.parse_args()
    register_toys()
    serve(fd=args.fd, log_level="warning")

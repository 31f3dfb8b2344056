"""How long a test waits for anything: one setting, generous, never a race with the machine.

A test waits for a server to answer, a process to end or a page to change by polling until the
thing happens, up to ``PATIENCE`` seconds; reaching it means something is wrong, not that the
machine was slow. ``CRAFTHALL_TEST_PATIENCE`` sets it (default 120 s): raise it for a very slow
machine, lower it to see a hang fail sooner. Shorter waits are fractions of it, named below.
"""

from __future__ import annotations

import os

PATIENCE: float = float(os.environ.get("CRAFTHALL_TEST_PATIENCE", "120"))
"""The longest a test waits for one thing to happen."""

A_WHILE: float = PATIENCE / 4
"""For one request or one step that is usually quick (an HTTP answer, a page's change)."""

MOMENT: float = PATIENCE / 40
"""For a probe that is answered at once when the thing is there (is a port open yet?)."""

LONG_WORK: float = PATIENCE * 5
"""For one piece of work that is slow even on a fast machine, taking a good part of
``PATIENCE`` there already (a whole game reviewed, a package installed): nothing shows how far
it has come, so it cannot be waited for step by step. A whole review took 269 s beside a CPU
hog of two spinning processes a core (make test-stress): twice that, and some."""

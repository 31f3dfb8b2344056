"""The wrong passwords of one client address behind several processes: with Redis configured,
two server processes count them as one (one window in Redis), a right password never counts,
and another address is not held back. Runs wherever PostgreSQL and Redis are up."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.helpers import ProcessServer
from tests.server.test_accounts import Browser, _unique
from tests.server.test_quotas import over_quota
from tests.server.test_scale import _two_servers, pg_env

__all__ = ["pg_env"]  # the fixture, shared with test_scale


@pytest.fixture
def two_processes(pg_env: dict[str, str]) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    """Two server processes on one PostgreSQL schema and one Redis: two misses an hour."""
    with _two_servers(pg_env, CRAFTHALL_SIGNIN_MISSES_PER_HOUR="2") as both:
        yield both


def test_wrong_passwords_are_one_count_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    names = [_unique("Pia"), _unique("Rex")]
    here, there = Browser(one.base), Browser(two.base)
    elsewhere = Browser(two.base, httpx.HTTPTransport(local_address="127.0.0.2"))
    try:
        for name in names:
            here.sign_up(name)
        for browser in (here, there, here, there):  # right passwords: they never count
            assert browser.sign_in(names[0]).status_code == 200
        # One wrong password at each account, one on each process: no account locks.
        assert here.sign_in(names[0], "a guess").json()["error"]["code"] == "wrong-password"
        assert there.sign_in(names[1], "a guess").json()["error"]["code"] == "wrong-password"
        for browser in (here, there):
            message = over_quota(browser.sign_in(names[0]), "too-many-wrong-passwords")
            assert message.startswith("This address gave 2 wrong passwords within the hour.")
        assert elsewhere.sign_in(names[0]).status_code == 200
    finally:
        for browser in (here, there, elsewhere):
            browser.http.close()

"""Fixtures: a real server on loopback with the test-only toy games registered."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import (
    OwnRedis,
    ThreadServer,
    make_settings,
    register_toys,
    service_or_skip,
    unregister_toys,
)


@pytest.fixture(scope="module")
def toys() -> Iterator[None]:
    register_toys()
    yield
    unregister_toys()


@pytest.fixture(scope="module")
def server(toys: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    path: Path = tmp_path_factory.mktemp("server")
    with ThreadServer(make_settings(path)) as running:
        yield running


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "limits(**settings): settings of the test's own server (the strict fixture)"
    )


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    service_or_skip("redis-server", lambda: shutil.which("redis-server") is not None)
    redis = OwnRedis(tmp_path)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()

"""The database connections of the store: one that died with a database restart is replaced,
and the driver's own errors are told as SQLAlchemy's (what the server catches)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from crafthall.server import db

T = TypeVar("T")


class Conflict(Exception):
    """Another change reached the table first (the version moved on): nothing was written."""


class OutcomeUnknown(Exception):
    """A connection was lost with a group's ``COMMIT`` on its way, and the database could not
    be asked afterwards whether the change landed: it may be written, or not."""


def retry_dead(method: Callable[..., T]) -> Callable[..., T]:
    """Run ``method`` again, once, if it met a connection the database had closed (after
    a database restart, every pooled connection is dead): the pool then opens a new one.
    This replaces a ping before every use, a round trip per statement."""

    @functools.wraps(method)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return method(*args, **kwargs)
        except DBAPIError as err:
            if not err.connection_invalidated:
                raise
            return method(*args, **kwargs)

    return run


@contextlib.contextmanager
def driver_errors(engine: Engine) -> Iterator[None]:
    """The driver's own errors, met on a raw connection, as SQLAlchemy's (what the server
    catches); a unique key broken means another process wrote first."""
    dbapi = engine.dialect.loaded_dbapi
    try:
        yield
    except dbapi.IntegrityError:
        raise Conflict("the row exists") from None
    except dbapi.Error as err:
        dead = engine.dialect.is_disconnect(err, None, None)
        raise DBAPIError.instance(
            None, None, err, dbapi.Error, connection_invalidated=dead
        ) from err


def sound_connection(engine: Engine) -> Any:
    """A pooled raw connection the database has not closed meanwhile: a connection lost on
    the way then means that the statements sent on it may have been written."""
    for _ in range(db.POOL_SIZE):
        raw = engine.raw_connection()
        if not db.closed_by_server(raw.dbapi_connection):
            return raw
        raw.invalidate()
        raw.close()
    return engine.raw_connection()  # all were closed: this one is new


def lost(engine: Engine, raw: Any, err: Any) -> bool:
    """Did ``err`` come from a connection the database closed or that broke?"""
    return bool(engine.dialect.is_disconnect(err, raw.dbapi_connection, None))

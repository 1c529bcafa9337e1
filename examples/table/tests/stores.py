"""The stores the tests run on: a SQLite file in a temporary folder, or a
fresh database in a private PostgreSQL cluster (devtools/private_postgres:
one cluster for the whole test run, removed when it ends; the tests are
skipped, saying why, when PostgreSQL or asyncpg is not installed)."""

import itertools
import os
import unittest

from devtools import private_postgres

_cluster = None
_names = itertools.count(1)


def cluster():
    """The run's private PostgreSQL cluster (SkipTest when there is none)."""
    global _cluster
    reason = private_postgres.unavailable_reason()
    if reason is not None:
        raise unittest.SkipTest(reason)
    if _cluster is None:
        _cluster = private_postgres.PrivateCluster().start()
    return _cluster


def new_postgres_database():
    """A URL of a new, empty database in the private cluster."""
    return cluster().create_database("t%d_%d" % (os.getpid(), next(_names)))


def new_sqlite_file(folder):
    return os.path.join(folder, "tables%d.sqlite3" % next(_names))

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from services import service_missing

from .pgcluster import fresh_database, pg_bindir, pg_cluster


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    import os

    if pg_bindir() is None and not os.environ.get("PROMPTLINT_TEST_PG_URL"):
        service_missing("PostgreSQL binaries not installed (apt-get install postgresql)")
    with pg_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL for an empty store of each kind: the same tests run on both."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'recordings.db'}"
    else:
        server = request.getfixturevalue("pg_server")
        with fresh_database(server) as url:
            yield url

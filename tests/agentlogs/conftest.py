"""The store every import test writes into."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from promptlint.store import open_store
from promptlint.store.sql import SQLStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLStore]:
    s = open_store(str(tmp_path / "r.db"))
    assert isinstance(s, SQLStore)
    yield s
    s.close()

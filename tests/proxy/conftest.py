from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# The helpers (fake upstream, harness) sit next to the tests; bench/ imports them the same way.
sys.path.insert(0, str(Path(__file__).parent))

from harness import Harness


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path).start()
    try:
        yield h
    finally:
        h.stop()


@pytest.fixture(params=["thread", "process"])
def any_harness(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Harness]:
    """Both writers: in a thread of the proxy, and in its own process (the default)."""
    h = Harness(tmp_path, writer=request.param).start()
    try:
        yield h
    finally:
        h.stop()

from __future__ import annotations

import random

import pytest

from promptlint.wire.prefix import common_prefix


def _linear(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("", "", 0),
        ("abc", "", 0),
        ("abc", "abc", 3),
        ("abc", "abcdef", 3),
        ("xbc", "abc", 0),
        ("Today is 2026-11-29", "Today is 2026-11-30", 17),
    ],
)
def test_common_prefix(a: str, b: str, expected: int) -> None:
    assert common_prefix(a, b) == expected
    assert common_prefix(b, a) == expected


def test_common_prefix_agrees_with_a_character_scan() -> None:
    rng = random.Random(7)
    for _ in range(500):
        shared = "".join(rng.choice("ab") for _ in range(rng.randrange(0, 40)))
        a = shared + "".join(rng.choice("ab") for _ in range(rng.randrange(0, 10)))
        b = shared + "".join(rng.choice("ab") for _ in range(rng.randrange(0, 10)))
        assert common_prefix(a, b) == _linear(a, b)

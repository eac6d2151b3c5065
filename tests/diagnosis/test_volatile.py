"""The first difference of two texts: a clock, an id, a random value - or an edit."""

from __future__ import annotations

import pytest

from promptlint.causes import Cause
from promptlint.diagnosis.volatile import classify_change, first_diff

T, ID, R = Cause.VOLATILE_TIMESTAMP, Cause.VOLATILE_ID, Cause.VOLATILE_RANDOM


@pytest.mark.parametrize(
    ("old", "new", "cause"),
    [
        ("Now: 2026-11-29T10:31:02Z.", "Now: 2026-11-29T10:31:15Z.", T),
        ("Today is Sunday, November 29.", "Today is Monday, November 30.", T),
        ("The date is 29/11/2026", "The date is 30/11/2026", T),
        ("It is 3:04 PM now.", "It is 3:05 PM now.", T),
        ("ts=1764417600", "ts=1764417661", T),
        ("Updated 5 minutes ago.", "Updated 7 minutes ago.", T),
        (
            "Session 7f3e2c1a-0000-4b2c-9d8e-112233445566",
            "Session 9a8b7c6d-1111-4b2c-9d8e-998877665544",
            ID,
        ),
        ("trace_id: 4bf92f3577b34da6a3ce", "trace_id: 00f067aa0ba902b7a3ce", ID),
        ("request req_8Kd93jfL2 ok", "request req_Qm02LxP7a ok", ID),
        ("Worker pid=4312 ready.", "Worker pid=4388 ready.", ID),
        ("Conversation turn 41.", "Conversation turn 42.", ID),
        ("Sampling seed: 0.7348112.", "Sampling seed: 0.1932764.", R),
        ("nonce: 8f3KzQ1pLm", "nonce: Zq81LmXp0a", R),
        ("temperature jitter 0.513", "temperature jitter 0.977", R),
        ("You may answer briefly.", "You must answer briefly.", None),
        ("Be concise.", "Be brief and friendly.", None),
        ("Rule 30: refunds", "Rule 30 (updated): refunds", None),
        ("Answer in English.", "Answer in French.", None),
    ],
)
def test_classify_first_change(old: str, new: str, cause: Cause | None) -> None:
    assert classify_change(old, new) is cause


def test_first_diff_spans_whole_values() -> None:
    d = first_diff("at 10:31:02 today", "at 10:31:15 today")
    assert d is not None and (d.old, d.new) == ("02", "15")
    assert first_diff("same", "same") is None
    d = first_diff("abc", "abc def")
    assert d is not None and d.old == "" and d.new == " def"

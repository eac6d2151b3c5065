"""The HTML report in a real browser (Debian's chromium, headless): drawn, and error-free."""

from __future__ import annotations

from pathlib import Path

import pytest
from services import service_missing

from promptlint.report.aggregate import build_report
from promptlint.report.render_html import render_html
from promptlint.store import open_store
from promptlint.store.sql import SQLStore

from .browser import chromium_path, ink_share, load_page
from .data import recordings

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _chromium() -> None:
    if chromium_path() is None:
        service_missing("chromium is not installed (apt-get install chromium)")


async def test_html_report_renders_without_console_errors(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "r.db")) as store:
        store.write(recordings(400))
        assert isinstance(store, SQLStore)
        html = render_html(build_report(store, "model", with_sessions=20))
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    run = await load_page(page.as_uri())
    assert run.errors == []
    share, colours = ink_share(run.png)
    assert share > 0.05, share  # mostly background would mean nothing was drawn
    assert colours > 50, colours


async def test_the_check_sees_errors_and_blank_pages(tmp_path: Path) -> None:
    # The same check must fail on a broken page and on an empty one, or it proves nothing.
    broken = tmp_path / "broken.html"
    broken.write_text(
        "<!doctype html><p>x</p><img src='missing.png'><script>console.error('boom');"
        "undefined_fn();</script>"
    )
    run = await load_page(broken.as_uri())
    assert any("boom" in e for e in run.errors)
    assert any("undefined_fn" in e for e in run.errors)
    assert any("missing.png" in e or "Failed to load" in e for e in run.errors)
    blank = tmp_path / "blank.html"
    blank.write_text("<!doctype html><title>blank</title>")
    run = await load_page(blank.as_uri())
    assert run.errors == []
    assert ink_share(run.png)[0] < 0.01


# Per timeline on the drawn page: its session, and per turn row whether it is marked as
# broken, its causes and the drawn widths of the cached / written / uncached bar parts.
TIMELINE_JS = """
[...document.querySelectorAll('section.timeline')].map(sec => ({
  session: sec.dataset.session,
  visible: sec.getBoundingClientRect().height > 0,
  rows: [...sec.querySelectorAll('tr.turn')].map(tr => ({
    request: tr.dataset.request,
    marked: tr.classList.contains('broke') && tr.querySelector('td.turn').textContent.includes('✕'),
    causes: tr.querySelector('td.breaks').textContent.trim(),
    bar: tr.querySelector('.tokbar').getBoundingClientRect().width,
    parts: Object.fromEntries([...tr.querySelectorAll('.tokbar span')].map(
      s => [s.className, s.getBoundingClientRect().width])),
    colour: getComputedStyle(tr.querySelector('td.turn')).color,
  })),
}))
"""


async def test_session_timelines_are_drawn_turn_by_turn(tmp_path: Path) -> None:
    recs = recordings(400)
    with open_store(str(tmp_path / "r.db")) as store:
        store.write(recs)
        assert isinstance(store, SQLStore)
        report = build_report(store, "model", with_sessions=20)
    page = tmp_path / "report.html"
    page.write_text(render_html(report), encoding="utf-8")
    run = await load_page(page.as_uri(), evaluate=TIMELINE_JS)
    assert run.errors == []
    timelines = run.value
    assert any(row["marked"] for t in timelines for row in t["rows"])
    # The costliest sessions, worst first, each with every one of its turns in order.
    assert [t["session"] for t in timelines] == [s.key for s in report.sessions[:5]]
    for drawn in timelines:
        assert drawn["visible"]
        turns = sorted(
            (r for r in recs if r.session_id == drawn["session"]), key=lambda r: (r.ts, r.id)
        )
        assert [row["request"] for row in drawn["rows"]] == [r.id for r in turns]
        peak = max(
            r.cache_read_tokens
            + r.cache_write_5m_tokens
            + r.cache_write_1h_tokens
            + r.uncached_input_tokens
            for r in turns
        )
        for row, rec in zip(drawn["rows"], turns, strict=True):
            causes = [b.cause for b in rec.breaks if b.cause != "new-content"]
            assert row["marked"] == bool(causes), (rec.id, causes)
            assert row["causes"] == ", ".join(causes)
            for part, tokens in (
                ("c", rec.cache_read_tokens),
                ("w", rec.cache_write_5m_tokens + rec.cache_write_1h_tokens),
                ("u", rec.uncached_input_tokens),
            ):
                want = row["bar"] * tokens / peak
                assert abs(row["parts"].get(part, 0.0) - want) <= 1.0, (rec.id, part, row)
        marked = [row for row in drawn["rows"] if row["marked"]]
        unmarked = [row for row in drawn["rows"] if not row["marked"]]
        if marked and unmarked:  # a broken turn's number is drawn in another colour
            assert marked[0]["colour"] != unmarked[0]["colour"]

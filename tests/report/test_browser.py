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

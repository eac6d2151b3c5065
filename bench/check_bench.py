"""Benchmark `promptlint check` against a bare single-process libcst parse, in one run.

    .venv/bin/python bench/check_bench.py [--files 300] [--project PATH] [--repeat 3]

Three measurements, each a ratio to its baseline measured in the same run (medians of
`--repeat` alternating runs, every run a fresh process so start-up counts on both sides):

1. prompt-heavy: `promptlint check` on generated prompt-building files vs a plain
   `libcst.parse_module` loop over the same files;
2. real project: the same on a large real package (default: the installed `openai`
   SDK, copied to a temporary folder);
3. cold start: `promptlint check one_file.py` vs `python -c "import libcst"`.

Each row also gives the CPU time of both sides (user + system, workers included) and its
ratio: the wall-time ratio is what a user waits, the CPU ratio is the work done, and moves
much less with other jobs on the machine. With workers the CPU ratio is the higher one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PARSE_ALL = """
import sys, pathlib, libcst
for p in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):
    try:
        libcst.parse_module(p.read_text(encoding="utf-8"))
    except Exception:
        pass
"""

HEAD = '''"""Generated prompt-building module {n}."""

import json
import os
import random
import time
import uuid
from datetime import datetime

import anthropic
import litellm
from openai import OpenAI

oai = OpenAI()
claude = anthropic.Anthropic()

POLICY_{n} = """You are assistant number {n}. Answer from the documents only.
Cite the document id for every claim. Say when you do not know.
{filler}"""

TOOLS_{n} = {{
    "search": {{"type": "function", "function": {{"name": "search", "parameters": {{}}}}}},
    "fetch": {{"type": "function", "function": {{"name": "fetch", "parameters": {{}}}}}},
}}
'''

BLOCKS = [
    """

def ask_{n}_{i}(question, history):
    system = f"Now {{datetime.now()}}. " + POLICY_{n}
    return oai.chat.completions.create(
        model="gpt-4o",
        messages=[
            {{"role": "system", "content": system}},
            *history,
            {{"role": "user", "content": question}},
        ],
        metadata={{"id": str(uuid.uuid4())}},
    )
""",
    """

def tools_{n}_{i}(enabled):
    return [TOOLS_{n}[k] for k in sorted(set(enabled))]


def agent_{n}_{i}(question, enabled):
    messages = [{{"role": "system", "content": POLICY_{n}}}]
    messages.append({{"role": "user", "content": f"{{question}} ({{time.time()}})"}})
    return litellm.completion(model="gpt-4o", tools=tools_{n}_{i}(enabled), messages=messages)
""",
    """

def rag_{n}_{i}(question, docs):
    context = "\\n".join(json.dumps(d) for d in docs)
    return claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=[
            {{"type": "text", "text": POLICY_{n}, "cache_control": {{"type": "ephemeral"}}}},
            {{"type": "text", "text": context}},
        ],
        messages=[{{"role": "user", "content": question}}],
    )
""",
    """

def files_{n}_{i}(folder, question):
    names = [f for f in os.listdir(folder) if f.endswith(".md")]
    history = [{{"role": "user", "content": n}} for n in names]
    return oai.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{{"role": "system", "content": "Skills: " + ", ".join(names)}}, *history[-6:],
                  {{"role": "user", "content": question}}],
        temperature=random.random(),
    )
""",
    """

class Bot{n}_{i}:
    def __init__(self, name):
        self.name = name
        self.history = []

    def ask(self, question):
        self.history.append({{"role": "user", "content": question}})
        reply = claude.messages.create(
            model="claude-haiku-4-5", max_tokens=300, system=POLICY_{n}, messages=self.history
        )
        self.history.append({{"role": "assistant", "content": reply.content[0].text}})
        return reply
""",
    # A query helper of the kind ORM code is full of: a method chain on a receiver, read
    # with the caller's arguments bound (the shape that once made whole-tree checks of
    # such projects take hours).
    """

class Store{n}_{i}:
    def __init__(self, db):
        self.db = db

    def recent(self, user, limit):
        return (
            self.db.query(user).filter(user).filter(limit).order_by(user)
            .offset(0).limit(limit).with_entities(user).distinct().all()
        )

    def ask(self, user, question):
        rows = self.recent(user, 5)
        system = POLICY_{n} + "\\n".join(str(r) for r in rows)
        return oai.chat.completions.create(
            model="gpt-4o",
            messages=[
                {{"role": "system", "content": system}},
                {{"role": "user", "content": question}},
            ],
        )
""",
]


def generate(folder: Path, count: int) -> None:
    rng = random.Random(20261129)
    for n in range(count):
        filler = "\n".join(
            f"Rule {k}: keep answers precise and short." for k in range(rng.randint(3, 12))
        )
        parts = [HEAD.format(n=n, filler=filler)]
        for i in range(rng.randint(3, 8)):
            parts.append(rng.choice(BLOCKS).format(n=n, i=i))
        (folder / f"prompts_{n:04d}.py").write_text("".join(parts), encoding="utf-8")


# Both sides start as an installed package does, from bytecode compiled once (the warm-up
# run writes it): a shell that sets PYTHONDONTWRITEBYTECODE would have every `check`
# compile promptlint's modules again (about 0.1 s), while libcst's came compiled with it.
_BYTECODE_KEPT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """Wall time, and CPU time (user + system, the process and its workers): on a machine
    shared with other jobs the CPU time moves much less with the load than the wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=_BYTECODE_KEPT)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def compare(name: str, baseline: list[str], check: list[str], repeat: int) -> dict[str, object]:
    base_t: list[tuple[float, float]] = []
    check_t: list[tuple[float, float]] = []
    timed(check)  # warm the page cache once for both sides
    for _ in range(repeat):
        base_t.append(timed(baseline))
        check_t.append(timed(check))
    b, c = statistics.median(t for t, _ in base_t), statistics.median(t for t, _ in check_t)
    bc = statistics.median(u for _, u in base_t)
    cc = statistics.median(u for _, u in check_t)
    row = {
        "case": name,
        "baseline_s": round(b, 3),
        "check_s": round(c, 3),
        "ratio": round(c / b, 3),
        "baseline_runs": [round(t, 3) for t, _ in base_t],
        "check_runs": [round(t, 3) for t, _ in check_t],
        "baseline_cpu_s": round(bc, 3),
        "check_cpu_s": round(cc, 3),
        "cpu_ratio": round(cc / bc, 3),
    }
    print(
        f"{name:<28} baseline {b:8.3f}s   check {c:8.3f}s   ratio {c / b:6.3f}"
        f"   (CPU {bc:.3f}s vs {cc:.3f}s: {cc / bc:.3f})",
        flush=True,
    )
    return row


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--project", type=Path, default=None, help="a large Python source tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=None, help="promptlint check --jobs")
    ap.add_argument("-o", "--output", type=Path, default=None, help="write the results as JSON")
    args = ap.parse_args()

    py = sys.executable
    promptlint = [py, "-m", "promptlint", "check", "--format", "json", "--exit-zero"]
    if args.jobs:
        promptlint += ["--jobs", str(args.jobs)]
    rows = []
    with tempfile.TemporaryDirectory(prefix="promptlint-bench-") as tmp:
        root = Path(tmp)
        heavy = root / "prompt_heavy"
        heavy.mkdir()
        generate(heavy, args.files)
        n_heavy = len(list(heavy.glob("*.py")))
        rows.append(
            compare(
                f"prompt-heavy ({n_heavy} files)",
                [py, "-c", PARSE_ALL, str(heavy)],
                [*promptlint, str(heavy)],
                args.repeat,
            )
        )

        project = args.project
        if project is None:
            spec = importlib.util.find_spec("openai")
            if spec is None or spec.origin is None:
                raise SystemExit("no --project given and the openai package is not installed")
            project = Path(spec.origin).parent
        real = root / "real" / project.name
        shutil.copytree(project, real, ignore=shutil.ignore_patterns("__pycache__"))
        n_real = len(list(real.rglob("*.py")))
        rows.append(
            compare(
                f"real project {project.name} ({n_real} files)",
                [py, "-c", PARSE_ALL, str(real)],
                [*promptlint, str(real)],
                args.repeat,
            )
        )

        one = sorted(heavy.glob("*.py"))[0]
        rows.append(
            compare(
                "cold start (one file)",
                [py, "-c", "import libcst"],
                [*promptlint, str(one)],
                max(args.repeat, 5),
            )
        )
    if args.output:
        args.output.write_text(
            json.dumps({"python": sys.version.split()[0], "results": rows}, indent=2) + "\n"
        )


if __name__ == "__main__":
    main()

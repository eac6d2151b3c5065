"""How much estimate_kv costs over just parsing the config.json (ratio, same run).

Run: .venv/bin/python bench/bench_kv.py
"""

from __future__ import annotations

import json
import timeit
from pathlib import Path

from promptlint.kv import estimate_kv

CONFIGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "configs"


def main() -> None:
    files = sorted(p for p in CONFIGS.glob("*.json"))
    n = 50

    def baseline() -> None:
        for path in files:
            json.loads(path.read_text(encoding="utf-8"))

    def estimate() -> None:
        for path in files:
            estimate_kv(path)

    estimate()  # warm up: lazy imports, transformers for unfamiliar families
    base = min(timeit.repeat(baseline, number=n, repeat=3))
    est = min(timeit.repeat(estimate, number=n, repeat=3))
    print(f"{len(files)} configs × {n}: json.loads {base:.4f}s, estimate_kv {est:.4f}s")
    print(f"ratio estimate_kv / json.loads: {est / base:.1f}x")


if __name__ == "__main__":
    main()

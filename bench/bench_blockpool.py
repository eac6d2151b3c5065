"""What the block-pool simulator costs over just hashing the prompts it sees (ratio, same run).

The hashing is the part any prefix-cache predictor pays; the ratio is the pool's bookkeeping
(lookups, LRU queue, eviction, decode blocks) on top of it. The workload is the probe's own
`agentic` shape on a vLLM-sized pool (block 16, 4,096 blocks), which forces eviction.

Run: .venv/bin/python bench/bench_blockpool.py
"""

from __future__ import annotations

import timeit

from promptlint.gpu_probe.workloads import Options, Shape, agentic

from promptlint.kv.blockpool import BlockPool, chain_hashes


def main() -> None:
    shape = Shape(block_size=16, pool_tokens=4095 * 16, max_model_len=32768, vocab_size=32000)
    workload = agentic(shape, Options(output_tokens=16), seed=0)
    prompts = [r.prompt or [] for r in workload.requests]
    tokens = sum(len(p) for p in prompts)

    def baseline() -> None:
        for prompt in prompts:
            chain_hashes(prompt, 16)

    def simulate() -> None:
        pool = BlockPool(4096, 16)
        for i, prompt in enumerate(prompts):
            pool.run(str(i), prompt, output_tokens=16)

    base = min(timeit.repeat(baseline, number=1, repeat=3))
    sim = min(timeit.repeat(simulate, number=1, repeat=3))
    print(
        f"{len(prompts)} requests, {tokens:,} prompt tokens: "
        f"hashing {base:.3f}s, simulator {sim:.3f}s"
    )
    print(f"ratio simulator / hashing: {sim / base:.2f}x")


if __name__ == "__main__":
    main()

"""The block-pool simulator against hand-worked cases (vLLM 0.32 rules, see blockpool.py)."""

from __future__ import annotations

import pytest

from promptlint.kv.blockpool import BlockPool, chain_hashes


def seq(start: int, n: int) -> list[int]:
    return list(range(start, start + n))


def test_only_full_blocks_are_hashed_and_the_chain_fingerprints_the_prefix() -> None:
    a = chain_hashes(seq(0, 10), 4)
    assert len(a) == 2  # tokens 8, 9 sit in a partial block: no hash
    b = chain_hashes([99, *seq(1, 9)], 4)
    # one token changed in block 0: every later hash changes too, although block 1 is equal
    assert a[0] != b[0] and a[1] != b[1]
    assert chain_hashes(seq(0, 8), 4) == a
    # a salt enters the first block and so the whole chain
    salted = chain_hashes(seq(0, 8), 4, extra_keys=("cache_salt", "x"))
    assert salted[0] != a[0] and salted[1] != a[1]


def test_repeat_hits_all_full_blocks_but_never_the_last_token() -> None:
    pool = BlockPool(num_blocks=64, block_size=32)
    assert pool.run("a", seq(0, 100)).hit_tokens == 0
    # 100 tokens: 3 full blocks, (100 - 1) // 32 = 3 may hit
    assert pool.run("b", seq(0, 100)).hit_tokens == 96
    pool2 = BlockPool(num_blocks=64, block_size=32)
    pool2.run("a", seq(0, 96))
    # 96 tokens are 3 full blocks, but the last token is recomputed: (96 - 1) // 32 = 2 blocks
    assert pool2.run("b", seq(0, 96)).hit_tokens == 64


def test_shared_prefix_hits_whole_blocks_up_to_the_divergence() -> None:
    pool = BlockPool(num_blocks=64, block_size=32)
    prefix = seq(1000, 70)
    pool.run("a", [*prefix, *seq(1, 30)])
    got = pool.run("b", [*prefix, *seq(500, 40)])
    assert got.hit_tokens == 64  # 70 shared tokens = 2 full blocks + 6
    assert pool.queries == 100 + 110
    assert pool.hits == 64


def test_eviction_takes_the_deepest_block_of_the_oldest_chain_first() -> None:
    # 5 blocks: block 0 is the null block, 4 usable, 4 tokens each.
    pool = BlockPool(num_blocks=5, block_size=4)
    a, b = seq(100, 8), seq(200, 8)
    pool.run("a", a)  # blocks 1, 2 cached; freed tail first -> queue [3, 4, 2, 1]
    pool.run("b", b)  # blocks 3, 4 -> queue [2, 1, 4, 3]
    c = pool.run("c", seq(300, 3))  # one block: pops block 2 = a's second (deepest) block
    assert c.evicted_blocks == 1
    # c's partial block has no hash: it goes back to the head and is reused first
    again = pool.run("a2", a)
    assert again.hit_tokens == 4  # a kept block 0 only
    assert again.evicted_blocks == 0  # its new block was c's unhashed one
    assert pool.run("b2", b).hit_tokens == 4  # b untouched (cap: (8 - 1) // 4 = 1 block)


def test_a_hit_refreshes_recency() -> None:
    pool = BlockPool(num_blocks=5, block_size=4)  # usable blocks 1..4
    a, b = seq(100, 5), seq(200, 5)  # 1 full block + 1 partial each
    pool.run("a", a)  # a0 = block 1; queue [2, 3, 4, 1] (partial 2 to the head)
    pool.run("b", b)  # b0 = block 2; queue [3, 4, 1, 2]
    assert pool.run("a2", a).hit_tokens == 4  # touching a0 puts it behind b0: [3, 4, 2, 1]
    pool.run("c", seq(300, 12))  # 3 blocks: 3, 4, then b0 (older than a0 now)
    assert pool.cached_prefix_tokens(a) == 4
    assert pool.cached_prefix_tokens(b) == 0
    assert pool.evictions == 1


def test_lru_keeps_the_most_recently_used_chain() -> None:
    pool = BlockPool(num_blocks=7, block_size=4)  # 6 usable
    a, b = seq(100, 9), seq(200, 9)  # 2 full blocks + 1 token: 3 blocks each
    pool.run("a", a)
    pool.run("b", b)
    assert pool.run("a2", a).hit_tokens == 8  # a is now the most recent
    # queue now: [a2's partial, never-used 6, b1, b0, a1, a0]
    pool.run("c", seq(300, 9))  # 3 blocks: the 2 unhashed ones, then b's deepest block
    assert pool.cached_prefix_tokens(a) == 8
    assert pool.cached_prefix_tokens(b) == 4  # b lost its second block, kept its first


def test_decode_blocks_are_cached_and_take_room() -> None:
    pool = BlockPool(num_blocks=5, block_size=4)
    a = seq(100, 4)
    # 4 prompt tokens + 5 generated, of which 4 are stored: 8 tokens = 2 full blocks
    pool.run("a", a, output_tokens=5)
    assert pool.num_cached_blocks == 2
    pool.run("b", seq(200, 12))  # 3 blocks: the 2 free blocks, then a's decode block
    assert pool.num_cached_blocks == 4  # a's prompt block survived; b has 3
    assert pool.cached_prefix_tokens([*a, 7]) == 4


def test_concurrent_identical_prompts_share_blocks_and_duplicate_the_rest() -> None:
    pool = BlockPool(num_blocks=9, block_size=4)
    p = seq(100, 8)
    first = pool.admit("a", p)
    second = pool.admit("b", p)
    assert first is not None and second is not None
    assert (first.hit_tokens, second.hit_tokens) == (0, 4)
    assert pool.num_free_blocks == 8 - 3  # block 0 shared, block 1 duplicated
    pool.finish("a")
    pool.finish("b")
    assert pool.cached_prefix_tokens(p) == 4


def test_admission_waits_when_blocks_are_short_and_fails_when_never_possible() -> None:
    pool = BlockPool(num_blocks=5, block_size=4)
    assert pool.admit("a", seq(0, 12)) is not None  # 3 of 4 blocks
    assert pool.admit("b", seq(100, 8)) is None  # 2 needed, 1 free: waits
    pool.finish("a")
    assert pool.admit("b", seq(100, 8)) is not None
    pool.finish("b")
    with pytest.raises(ValueError, match="needs 5 blocks"):
        pool.admit("c", seq(0, 20))
    with pytest.raises(ValueError):
        BlockPool(num_blocks=1, block_size=4)

"""vLLM's automatic prefix cache as a simulator (the V1 `BlockPool`, vLLM 0.32).

It copies the engine's rules, which `promptlint probe` checks request by request:

* A prompt is cut into blocks of `block_size` tokens; only **full** blocks are hashed, and a
  block's hash chains its parent's (`hash_i = H(hash_{i-1}, tokens_i, extra_keys)`), so one
  hash fingerprints the whole prefix up to the block's end.
* A lookup walks the chain from block 0 and stops at the first miss; it considers at most
  `(prompt_tokens - 1) // block_size` blocks, because the last prompt token is always
  recomputed. Hit tokens = matched blocks × block_size.
* Blocks are cached as soon as they are full (prompt blocks at admission, decode blocks as they
  fill). A duplicate hash may map to several blocks; a lookup takes the first one inserted.
* Free blocks sit in one queue. New blocks are popped from its head, evicting the hash they
  held. A hit removes its blocks from the queue. A finished request frees its blocks tail first:
  blocks without a hash go to the head (reused first), hashed ones to the tail — so eviction is
  LRU over requests and, within one chain, the deepest blocks go first.
* Block 0 is the engine's null block: `num_blocks` is the engine's `num_gpu_blocks`, of which
  `num_blocks - 1` hold tokens.

When requests are admitted, chunked, preempted and freed is the scheduler's business:
`promptlint.serving.engine` drives this pool step by step (`admit` with `num_tokens` for a
first chunk, `extend` for the next ones). Not modelled: LoRA and multimodal extra keys (a
`cache_salt` can be passed as `extra_keys`), sliding-window and hybrid models (their groups
keep a different set of blocks).
"""

from __future__ import annotations

import hashlib
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

BlockHash = bytes

# vLLM seeds the chain with H("vllm-none-hash"); any fixed seed gives the same equalities.
_NONE_HASH = hashlib.sha256(b"promptlint-none-hash").digest()


def chain_hashes(
    token_ids: Sequence[int],
    block_size: int,
    extra_keys: object = None,
) -> list[BlockHash]:
    """One chained hash per full block of `token_ids` (a trailing partial block has none).

    `extra_keys` (e.g. a cache salt) enters the first block only, as in vLLM.
    """
    if block_size <= 0:
        raise ValueError("block_size must be positive")
    hashes: list[BlockHash] = []
    parent: BlockHash | None = None
    full = len(token_ids) - len(token_ids) % block_size
    for start in range(0, full, block_size):
        parent = _block_hash(parent, token_ids[start : start + block_size], extra_keys)
        hashes.append(parent)
    return hashes


def _block_hash(parent: BlockHash | None, tokens: Sequence[int], extra_keys: object) -> BlockHash:
    digest = hashlib.sha256(parent or _NONE_HASH)
    digest.update(array("q", tokens).tobytes())
    if parent is None and extra_keys is not None:
        digest.update(repr(extra_keys).encode())
    return digest.digest()


@dataclass
class Admission:
    """What the engine records when it admits a request (its Prometheus counters)."""

    request_id: str
    prompt_tokens: int  # added to vllm:prefix_cache_queries_total
    hit_tokens: int  # added to vllm:prefix_cache_hits_total (= usage cached_tokens)
    hit_blocks: int
    evicted_blocks: int  # cached blocks this admission pushed out of the cache


@dataclass
class _Running:
    token_ids: list[int]
    hashes: list[BlockHash]
    blocks: list[int] = field(default_factory=list)
    num_cached_blocks: int = 0  # how many of `blocks` already carry their hash


class BlockPool:
    """The engine's block pool: `num_blocks` is vLLM's `num_gpu_blocks` (null block included)."""

    def __init__(self, num_blocks: int, block_size: int) -> None:
        if block_size <= 0:
            raise ValueError("block_size must be positive")
        if num_blocks < 2:
            raise ValueError("a block pool needs at least 2 blocks (one is the null block)")
        self.num_blocks = num_blocks
        self.block_size = block_size
        self._hash: list[BlockHash | None] = [None] * num_blocks
        self._ref = [0] * num_blocks
        # Block 0 is the null block: never free, never cached.
        self._free: OrderedDict[int, None] = OrderedDict((i, None) for i in range(1, num_blocks))
        self._cached: dict[BlockHash, dict[int, None]] = {}
        self._running: dict[str, _Running] = {}
        self._decode_marker = 0
        # The last prompts hashed, by identity and length: a scheduler asks about a waiting
        # request every step, and rehashing a long prompt each time is what a simulation
        # spends most of its time on. Prompts only grow (append), never change in place.
        self._memo: OrderedDict[tuple[int, int, str], tuple[Sequence[int], list[BlockHash]]] = (
            OrderedDict()
        )
        self.queries = 0
        self.hits = 0
        self.evictions = 0

    # -- state -------------------------------------------------------------------------------
    @property
    def usable_blocks(self) -> int:
        return self.num_blocks - 1

    @property
    def num_free_blocks(self) -> int:
        return len(self._free)

    @property
    def num_cached_blocks(self) -> int:
        return sum(1 for h in self._hash if h is not None)

    def _hashes(self, token_ids: Sequence[int], extra_keys: object) -> list[BlockHash]:
        key = (id(token_ids), len(token_ids), repr(extra_keys))
        memo = self._memo.get(key)
        if memo is not None and memo[0] is token_ids:
            self._memo.move_to_end(key)
            return memo[1]
        hashes = chain_hashes(token_ids, self.block_size, extra_keys)
        self._memo[key] = (token_ids, hashes)
        if len(self._memo) > 512:
            self._memo.popitem(last=False)
        return hashes

    def cached_prefix_tokens(self, token_ids: Sequence[int], extra_keys: object = None) -> int:
        """Tokens of `token_ids` a request would read from cache now (no state change)."""
        hashes = self._hashes(token_ids, extra_keys)
        return len(self._lookup(hashes, len(token_ids))) * self.block_size

    # -- the request life cycle ----------------------------------------------------------------
    def blocks_needed(self, token_ids: Sequence[int], extra_keys: object = None) -> int:
        """Free blocks admitting the whole prompt needs: new blocks plus hit blocks now in the
        free queue (the scheduler's gate before it allocates a first chunk)."""
        hashes = self._hashes(token_ids, extra_keys)
        hit = self._lookup(hashes, len(token_ids))
        new = -(-len(token_ids) // self.block_size) - len(hit)
        return new + sum(1 for b in hit if self._ref[b] == 0)

    def admit(
        self,
        request_id: str,
        token_ids: Sequence[int],
        extra_keys: object = None,
        num_tokens: int | None = None,
    ) -> Admission | None:
        """Admit a prompt: look up its prefix, take the hit blocks, allocate and cache the rest.

        `num_tokens` is how many of its tokens get KV slots now (default: all): the engine's
        scheduler allocates for the hit plus the first prefill chunk only, and `extend` adds
        the rest chunk by chunk. Returns None (and changes nothing) when the free blocks do
        not suffice, as the engine then keeps the request waiting.
        """
        if request_id in self._running:
            raise ValueError(f"request {request_id!r} is already running")
        if not token_ids:
            raise ValueError("a prompt needs at least one token")
        tokens = list(token_ids)
        hashes = self._hashes(token_ids, extra_keys)
        hit = self._lookup(hashes, len(tokens))
        slots = len(tokens) if num_tokens is None else max(num_tokens, len(hit) * self.block_size)
        new = -(-slots // self.block_size) - len(hit)
        if new + sum(1 for b in hit if self._ref[b] == 0) > len(self._free):
            if not self._running and new + len(hit) > self.usable_blocks:
                raise ValueError(
                    f"a prompt of {len(tokens)} tokens needs {new + len(hit)} blocks; "
                    f"the pool has {self.usable_blocks}"
                )
            return None
        for block in hit:  # touch: a hit block leaves the free queue
            if self._ref[block] == 0:
                del self._free[block]
            self._ref[block] += 1
        evicted_before = self.evictions
        running = _Running(tokens, hashes, list(hit), len(hit))
        running.blocks.extend(self._pop_free(new))
        self._running[request_id] = running
        self._cache_full_blocks(running, slots)
        self.queries += len(tokens)
        self.hits += len(hit) * self.block_size
        return Admission(
            request_id=request_id,
            prompt_tokens=len(tokens),
            hit_tokens=len(hit) * self.block_size,
            hit_blocks=len(hit),
            evicted_blocks=self.evictions - evicted_before,
        )

    def decode(self, request_id: str, num_tokens: int) -> None:
        """Append `num_tokens` generated tokens to a running request's KV.

        A request that returns G tokens stores G − 1 of them (the last one is sampled, never
        fed back). Their values are unknown here, so each is a unique marker: decode-filled
        blocks get cached (they take room and age like the engine's) but no prompt hits them.
        """
        running = self._running[request_id]
        for _ in range(num_tokens):
            self.append(request_id, [self.new_marker()])
            if not self.extend(request_id, len(running.token_ids)):
                raise ValueError("the pool ran out of blocks while decoding")

    def new_marker(self) -> int:
        """A token id no prompt holds: a generated token whose value is unknown."""
        self._decode_marker -= 1
        return self._decode_marker

    def append(self, request_id: str, token_ids: Sequence[int]) -> None:
        """Add known tokens to a running request (no slots yet: `extend` allocates them)."""
        running = self._running[request_id]
        for token in token_ids:
            running.token_ids.append(token)
            if len(running.token_ids) % self.block_size == 0:
                parent = running.hashes[-1] if running.hashes else None
                block_tokens = running.token_ids[-self.block_size :]
                running.hashes.append(_block_hash(parent, block_tokens, None))

    def extend(self, request_id: str, num_tokens: int) -> bool:
        """KV slots for the first `num_tokens` of a running request's tokens.

        Full blocks among them get cached, as the engine caches a block once it is scheduled
        to be filled. False (nothing changes) when the free blocks do not suffice: the engine
        then preempts a request.
        """
        running = self._running[request_id]
        needed = -(-num_tokens // self.block_size) - len(running.blocks)
        if needed > len(self._free):
            return False
        if needed > 0:
            running.blocks.extend(self._pop_free(needed))
        self._cache_full_blocks(running, min(num_tokens, len(running.token_ids)))
        return True

    def tokens(self, request_id: str) -> list[int]:
        """The tokens a running request holds (prompt and appended), e.g. to re-admit it."""
        return list(self._running[request_id].token_ids)

    def finish(self, request_id: str) -> None:
        """Free a finished request's blocks, tail first (the engine's eviction order)."""
        running = self._running.pop(request_id)
        evict_first: list[int] = []
        evict_last: list[int] = []
        for block in reversed(running.blocks):
            self._ref[block] -= 1
            if self._ref[block] == 0:
                (evict_first if self._hash[block] is None else evict_last).append(block)
        for block in reversed(evict_first):
            self._free[block] = None
            self._free.move_to_end(block, last=False)
        for block in evict_last:
            self._free[block] = None

    def run(self, request_id: str, token_ids: Sequence[int], output_tokens: int = 1) -> Admission:
        """One request on an otherwise idle engine: admit, decode, finish."""
        before = self.evictions
        admission = self.admit(request_id, token_ids)
        if admission is None:
            raise ValueError(f"request {request_id!r} does not fit in the free blocks")
        self.decode(request_id, max(0, output_tokens - 1))
        self.finish(request_id)
        admission.evicted_blocks = self.evictions - before  # decode blocks may evict too
        return admission

    # -- internals ---------------------------------------------------------------------------
    def _lookup(self, hashes: Sequence[BlockHash], num_tokens: int) -> list[int]:
        hit: list[int] = []
        for block_hash in hashes[: (num_tokens - 1) // self.block_size]:
            blocks = self._cached.get(block_hash)
            if not blocks:
                break
            hit.append(next(iter(blocks)))
        return hit

    def _pop_free(self, count: int) -> list[int]:
        popped: list[int] = []
        for _ in range(count):
            block, _ = self._free.popitem(last=False)
            old = self._hash[block]
            if old is not None:  # popping a cached block evicts it
                holders = self._cached[old]
                del holders[block]
                if not holders:
                    del self._cached[old]
                self._hash[block] = None
                self.evictions += 1
            self._ref[block] = 1
            popped.append(block)
        return popped

    def _cache_full_blocks(self, running: _Running, num_tokens: int | None = None) -> None:
        known = len(running.hashes)
        if num_tokens is not None:
            known = min(known, num_tokens // self.block_size)
        full = min(known, len(running.blocks))
        for index in range(running.num_cached_blocks, full):
            block = running.blocks[index]
            self._hash[block] = running.hashes[index]
            self._cached.setdefault(running.hashes[index], {})[block] = None
        running.num_cached_blocks = max(running.num_cached_blocks, full)

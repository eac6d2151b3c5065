"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/core/context/compact.py (lines 145-205), trimmed; not the original text."""

from typing import List, Optional


class SessionMemoryCompact:
    def compact(self, messages: List, task_progress: Optional[str], tracker) -> List:
        cfg = tracker.config
        system_msgs = [m for m in messages if _is_system_message(m)]
        conv_msgs = [m for m in messages if not _is_system_message(m)]
        if not conv_msgs:
            return messages
        rounds = _detect_round_boundaries(conv_msgs)
        if len(rounds) <= cfg.min_keep_recent_rounds:
            return messages
        keep_from = len(rounds) - cfg.min_keep_recent_rounds  # expect: PL301
        kept_tokens = 0
        for r_idx in range(len(rounds) - 1, -1, -1):
            round_tokens = sum(tracker.count_messages([conv_msgs[i]]) for i in rounds[r_idx])
            kept_tokens += round_tokens
            if r_idx < keep_from and kept_tokens >= cfg.min_keep_tokens:
                break
            keep_from = min(keep_from, r_idx)
        if keep_from <= 0:
            return messages
        keep_indices = set()
        for r_idx in range(keep_from, len(rounds)):
            for i in rounds[r_idx]:
                keep_indices.add(id(conv_msgs[i]))
        kept_conv = [m for m in conv_msgs if id(m) in keep_indices]
        return system_msgs + kept_conv

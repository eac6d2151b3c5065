"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/memories/context_creators/score_based.py (lines 112-169), trimmed; not the original text."""

from typing import List, Optional, Tuple


class ScoreBasedContextCreator:
    def __init__(self, token_counter, token_limit: int) -> None:
        self._token_counter = token_counter
        self._token_limit = token_limit

    def create_context(self, records: List[dict]) -> Tuple[List[dict], int]:
        system_record: Optional[dict] = None
        remaining_records: List[dict] = []
        for record in records:
            if system_record is None and record["role_at_backend"] == "system":
                system_record = record
                continue
            remaining_records.append(record)
        remaining_records.sort(key=lambda record: record["timestamp"])
        messages = []
        if system_record is not None:
            messages.append(system_record["message"])
        messages.extend(record["message"] for record in remaining_records)
        return messages, self._token_counter.count_tokens_from_messages(messages)

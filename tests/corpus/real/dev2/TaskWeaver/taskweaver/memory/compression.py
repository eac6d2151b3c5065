"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/memory/compression.py (lines 45-100), trimmed; not the original text.

A summary is made once enough rounds pile up; the kept rounds are then appended to
until the next compression.
"""

from typing import Callable, List, Tuple


class RoundCompressor:
    def __init__(self, llm_api, rounds_to_compress: int = 2, rounds_to_retain: int = 3):
        self.llm_api = llm_api
        self.rounds_to_compress = rounds_to_compress
        self.rounds_to_retain = rounds_to_retain
        self.processed_rounds: set = set()
        self.previous_summary = "None"

    def compress_rounds(self, rounds: List, rounds_formatter: Callable[[List], str], prompt_template: str) -> Tuple[str, List]:
        remaining_rounds = len(rounds)
        for _round in rounds:
            if _round.id in self.processed_rounds:
                remaining_rounds -= 1
                continue
            break
        if remaining_rounds < (self.rounds_to_compress + self.rounds_to_retain):
            return self.previous_summary, rounds[-remaining_rounds:]
        to_compress = rounds[-remaining_rounds : -self.rounds_to_retain]
        chat_summary = self._summarize(to_compress, rounds_formatter, prompt_template)
        if chat_summary:
            self.processed_rounds.update(r.id for r in to_compress)
            self.previous_summary = chat_summary
            return chat_summary, rounds[-self.rounds_to_retain :]
        return self.previous_summary, rounds[-remaining_rounds:]

    def _summarize(self, rounds: List, rounds_formatter: Callable[[List], str], prompt_template: str) -> str:
        prompt = [
            {"role": "system", "content": prompt_template.format(PREVIOUS_SUMMARY=self.previous_summary)},
            {"role": "user", "content": rounds_formatter(rounds)},
        ]
        return self.llm_api.chat_completion(prompt)["content"]

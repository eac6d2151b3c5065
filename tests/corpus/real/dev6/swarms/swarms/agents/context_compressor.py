"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/agents/context_compressor.py (lines 40-173), trimmed; not the original text."""

from swarms.utils.litellm_tokenizer import count_tokens


class ContextCompressor:
    def __init__(self, threshold: float = 0.9):
        self.threshold = threshold

    def should_compress(self, agent) -> bool:
        used = count_tokens(agent.short_memory.return_history_as_string())
        return used / agent.context_length >= self.threshold

    def _summarize(self, agent, history: str) -> str:
        return agent.llm.run(task=f"Summarise this conversation:\n\n{history}")

    def compress(self, agent):
        history = agent.short_memory.return_history_as_string()
        if not history.strip():
            return None
        summary = self._summarize(agent, history)
        summary_content = "[Compressed Memory Summary]\nA summary of the earlier turns.\n\n" f"{summary}"
        agent.short_memory.compact(summary=summary_content)
        return summary

    def maybe_compress(self, agent):
        if not self.should_compress(agent):
            return None
        return self.compress(agent)

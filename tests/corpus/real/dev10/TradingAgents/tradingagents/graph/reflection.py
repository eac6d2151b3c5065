"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/graph/reflection.py (lines 6-57), trimmed; not the original text."""


class Reflector:
    def __init__(self, quick_thinking_llm):
        self.quick_thinking_llm = quick_thinking_llm
        self.log_reflection_prompt = self._get_log_reflection_prompt()

    def _get_log_reflection_prompt(self) -> str:
        return (
            "You are a trading analyst reviewing your own past decision now that the outcome is known.\n"
            "Write 2-4 sentences of plain prose: was the call right (cite the alpha), which part of the "
            "thesis held or failed, and one lesson for the next analysis."
        )

    def reflect_on_final_decision(self, final_decision: str, raw_return: float, alpha_return: float, benchmark_name: str = "SPY") -> str:
        messages = [
            ("system", self.log_reflection_prompt),
            (
                "human",
                f"Raw return: {raw_return:+.1%}\nAlpha vs {benchmark_name}: {alpha_return:+.1%}\n\nFinal Decision:\n{final_decision}",
            ),
        ]
        return self.quick_thinking_llm.invoke(messages).content

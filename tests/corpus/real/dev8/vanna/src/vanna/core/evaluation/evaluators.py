"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/core/evaluation/evaluators.py (lines 205-245), trimmed; not the original text."""

from vanna.core.llm import LlmMessage, LlmRequest


class LLMAsJudgeEvaluator:
    def __init__(self, judge_llm, criteria: str):
        self.judge_llm = judge_llm
        self.criteria = criteria

    async def evaluate(self, test_case, agent_result):
        final_answer = agent_result.get_final_answer()
        judge_prompt = f"""You are evaluating an AI agent's response to a user query.

User Query: {test_case.message}

Agent's Response:
{final_answer}

Evaluation Criteria:
{self.criteria}

Answer with SCORE: <0-1>, PASSED: <yes/no>, REASONING: <text>.
"""
        request = LlmRequest(
            user=test_case.user,
            messages=[LlmMessage(role="user", content=judge_prompt)],
            temperature=0.0,
        )
        response = await self.judge_llm.send_request(request)
        return response.content or ""

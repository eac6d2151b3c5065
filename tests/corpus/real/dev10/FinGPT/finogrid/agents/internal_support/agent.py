"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:finogrid/agents/internal_support/agent.py (lines 21-78), trimmed; not the original text."""

from datetime import datetime, timezone
from typing import Optional

SUPPORT_SYSTEM_PROMPT = """
You are an internal technical support assistant for Finogrid, a stablecoin payout
orchestration platform. You answer questions from the engineering, ops, and compliance teams.
"""


class InternalSupportAgent:
    def __init__(self, knowledge_base=None, llm_client=None):
        self.kb = knowledge_base
        self.llm = llm_client

    async def answer(self, question: str, session_id: Optional[str] = None) -> dict:
        context = ""
        if self.kb:
            context = self.kb.build_context(question, n_results=6)
        prompt = (
            f"{SUPPORT_SYSTEM_PROMPT}\n\n"
            f"Relevant documentation:\n{context}\n\n"
            f"Team member question: {question}\n\n"
            f"Answer:"
        )
        answer = await self.llm.chat(prompt)
        return {
            "question": question,
            "answer": answer,
            "answered_at": datetime.now(timezone.utc).isoformat(),
            "session_id": session_id,
        }

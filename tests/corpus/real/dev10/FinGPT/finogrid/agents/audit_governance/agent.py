"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:finogrid/agents/audit_governance/agent.py (lines 22-33, 120-146), trimmed; not the original text."""

import json

AUDIT_NARRATIVE_PROMPT = """
You are a compliance officer at a fintech company. Using the following audit log entries,
write a clear, factual narrative describing what happened with this payout.

Audit events:
{events}

Question: {question}

Provide a concise, professional response suitable for regulatory review.
"""


class AuditGovernanceAgent:
    def __init__(self, session_factory, llm_client=None):
        self.SessionLocal = session_factory
        self.llm = llm_client

    async def _fetch_batch_events(self, batch_id: str) -> list:
        async with self.SessionLocal() as db:
            logs = await db.fetch_logs(batch_id)
            return [
                {
                    "timestamp": l.created_at.isoformat(),
                    "action": l.action,
                    "actor": f"{l.actor_type}:{l.actor_id}",
                    "detail": l.detail,
                }
                for l in logs
            ]

    async def _generate_narrative(self, events: list, question: str) -> str:
        events_str = json.dumps(events, indent=2)
        prompt = AUDIT_NARRATIVE_PROMPT.format(events=events_str, question=question)
        return await self.llm.chat(prompt)

"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:examples/financial_research_agent/manager.py
(lines 63-75, 230-280), trimmed; not the original text.
"""

import json
from datetime import datetime, timezone

from agents import Runner

from .agents.verifier_agent import verifier_agent


class FinancialResearchManager:
    def __init__(self) -> None:
        self.research_cutoff = datetime.now(timezone.utc).date().isoformat()

    async def _verify_report(self, query: str, report, search_results):
        result = await Runner.run(verifier_agent, self._verification_input(query, report, search_results))
        return result.final_output

    def _verification_input(self, query: str, report, search_results) -> str:
        # clean: the run's input (the final user turn): a dict literal with constant keys, the
        # source set sorted, the date inside it
        return json.dumps(
            {
                "original_query": query,
                "research_cutoff": self.research_cutoff,
                "report": report.model_dump(mode="json"),
                "evidence": [item.model_dump(mode="json") for item in search_results],
                "allowed_source_urls": sorted({source.url for item in search_results for source in item.sources}),
            },
            ensure_ascii=False,
        )

"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/extraction/results_extractor.py (lines 85-176), trimmed; not the original text."""

import chevron

from tinytroupe.clients.openai_client import client


class ResultsExtractor:
    def __init__(self, extraction_prompt_template_path):
        self._extraction_prompt_template_path = extraction_prompt_template_path
        self.agent_extraction = {}

    def extract_results_from_agent(self, tinyperson, extraction_objective="The main points of the interactions.", situation="", fields=None):
        messages = []
        rendering_configs = {}
        if fields is not None:
            rendering_configs["fields"] = ", ".join(fields)
        with open(self._extraction_prompt_template_path, "r", encoding="utf-8", errors="replace") as f:
            messages.append({"role": "system", "content": chevron.render(f.read(), rendering_configs)})
        interaction_history = tinyperson.pretty_current_interactions()
        extraction_request_prompt = f"""
## Extraction objective

{extraction_objective}

## Situation
You consider one agent, {tinyperson.name}.
{situation}

## Agent interactions history

{interaction_history}
"""
        messages.append({"role": "user", "content": extraction_request_prompt})
        result = client().send_message(messages)
        self.agent_extraction[tinyperson.name] = result
        return result

"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:src/agents/models/openai_responses.py
(lines 900-990), trimmed; not the original text.
"""

import json
import logging

logger = logging.getLogger("openai.agents")


class OpenAIResponsesModel:
    def __init__(self, model: str, client):
        self.model = model
        self._client = client

    async def _fetch_response(self, system_instructions, list_input, model_settings, converted_tools, converted_tools_payload, response_format, previous_response_id=None):
        include_set: set[str] = set(converted_tools.includes)
        if model_settings.top_logprobs is not None:
            include_set.add("message.output_text.logprobs")
        # clean: `include` picks which output fields come back; it is not part of the prompt
        include: list[str] = list(include_set)
        # clean: debug logging only
        input_json = json.dumps(list_input, indent=2, ensure_ascii=False)
        logger.debug("Calling LLM %s with input:\n%s", self.model, input_json)
        return await self._client.responses.create(
            instructions=system_instructions,
            model=self.model,
            input=list_input,
            include=include,
            tools=converted_tools_payload,
            text=response_format,
            previous_response_id=previous_response_id,
            temperature=model_settings.temperature,
        )

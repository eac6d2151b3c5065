"""Reconstruction of langroid/langroid@786c4fe39a3fd7b595d3220a08676e9af78f4143:langroid/language_models/openai_gpt.py (lines 2259-2350), trimmed; not the original text."""

from typing import Any, Dict, List, Optional

from langroid.language_models.base import LLMMessage, OpenAIToolSpec


class OpenAIGPT:
    def _prep_chat_completion(
        self, messages: List[LLMMessage], max_tokens: int, tools: Optional[List[OpenAIToolSpec]] = None, tool_choice="auto"
    ) -> Dict[str, Any]:
        args: Dict[str, Any] = dict(
            model=self.config.chat_model,
            messages=[m.api_dict(self.config.chat_model, has_system_role=self.info().allows_system_message) for m in messages],
            max_completion_tokens=max_tokens,
            stream=self.get_stream(),
        )
        if tools is not None:
            args["tools"] = [
                dict(type="function", function=t.function.model_dump() | ({"strict": t.strict} if t.strict is not None else {}))
                for t in tools
            ]
            args["tool_choice"] = tool_choice
        return args

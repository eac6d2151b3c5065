"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/agent/providers/gemini_provider.py (lines 50-70, 110-143, 753-766), trimmed; not the original text."""

import json
import uuid
from typing import Any, List, Optional, Tuple

from google.genai import types as genai_types

from entity.messages import FunctionCallOutputEvent, Message, MessageRole


class GeminiProvider:
    def call_model(self, client, conversation, timeline: List[Any], tool_specs=None, **kwargs):
        contents, system_instruction = self._build_contents(timeline)
        config = self._build_generation_config(system_instruction, tool_specs, kwargs)
        return client.models.generate_content(model=self.model_name, contents=contents, config=config)

    def _build_contents(self, timeline: List[Any]) -> Tuple[list, Optional[str]]:
        contents: list = []
        system_prompts: List[str] = []
        for item in timeline:
            if isinstance(item, Message):
                if item.role is MessageRole.SYSTEM:
                    # every system message of the timeline, wherever it was appended, is hoisted
                    text = item.text_content().strip()
                    if text:
                        system_prompts.append(text)  # expect: PL104
                    continue
                contents.append(self._message_to_content(item))
            elif isinstance(item, FunctionCallOutputEvent):
                contents.append(self._function_output_event_to_content(item))
            elif isinstance(item, genai_types.Content):
                contents.append(item)
        return contents, ("\n\n".join(system_prompts) if system_prompts else None)

    def _build_tool_call_payload(self, fn_call: Any):
        # the id is local bookkeeping: function responses go back by name
        call_id = getattr(fn_call, "name", "") or uuid.uuid4().hex
        args = json.dumps(getattr(fn_call, "args", {}) or {}, ensure_ascii=False)
        return call_id, args

"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/adapters/services/mistral_adapter.py (lines 37-135), trimmed; not the original text.

Mistral's constraints are met on a deep copy of each request: a placeholder assistant after a
tool message that has none, later system messages as user, prefix=True on a trailing assistant.
The placeholder and the flag are decided by what follows, the same way for the same history.
"""

import copy

from pipecat.adapters.services.open_ai_adapter import OpenAILLMAdapter


class MistralLLMAdapter(OpenAILLMAdapter):
    def get_llm_invocation_params(self, context, *, system_instruction=None):
        params = super().get_llm_invocation_params(context, system_instruction=system_instruction)
        params["messages"] = self._transform_messages(list(params["messages"]))
        return params

    def _transform_messages(self, messages):
        if not messages:
            return messages
        msgs = copy.deepcopy([dict(m) for m in messages])
        insert_at = []
        for i, msg in enumerate(msgs):
            if msg.get("role") == "tool":
                if i == len(msgs) - 1 or msgs[i + 1].get("role") != "assistant":
                    insert_at.append(i + 1)
        for idx in reversed(insert_at):
            msgs.insert(idx, {"role": "assistant", "content": " "})
        first_non_system = next((i for i, m in enumerate(msgs) if m.get("role") != "system"), len(msgs))
        for i in range(first_non_system, len(msgs)):
            if msgs[i].get("role") == "system":
                msgs[i]["role"] = "user"
        last = msgs[-1]
        if last.get("role") == "assistant" and "prefix" not in last:
            last["prefix"] = True
        return msgs

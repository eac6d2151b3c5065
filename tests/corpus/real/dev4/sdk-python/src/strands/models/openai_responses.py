"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/models/openai_responses.py (lines 510-565), trimmed; not the original text.

In stateful mode the request names the previous response (server-side history) instead of
resending it; the instructions are the agent's system prompt, the tools its specs in order.
"""


class OpenAIResponsesModel:
    def __init__(self, model_id="gpt-5", stateful=False, params=None):
        self.config = {"model_id": model_id, "params": params or {}}
        self.stateful = stateful

    @classmethod
    def _format_request_messages(cls, messages):
        return [{"role": m["role"], "content": [{"type": "input_text", "text": c["text"]} for c in m["content"] if "text" in c]} for m in messages]

    def _format_request(self, messages, tool_specs=None, system_prompt=None, model_state=None):
        request = {
            "model": self.config["model_id"],
            "input": self._format_request_messages(messages),
            "stream": True,
            **self.config.get("params", {}),
            "store": self.stateful,
        }
        response_id = model_state.get("response_id") if model_state else None
        if response_id and self.stateful:
            request["previous_response_id"] = response_id
        if system_prompt:
            request["instructions"] = system_prompt
        if tool_specs:
            request.setdefault("tools", []).extend(
                {
                    "type": "function",
                    "name": spec["name"],
                    "description": spec.get("description", ""),
                    "parameters": spec["inputSchema"]["json"],
                }
                for spec in tool_specs
            )
        return request

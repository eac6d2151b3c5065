"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/util/model.py (lines 46-332), trimmed; not the original text."""

import json

from agentless.util.api_requests import (
    create_anthropic_config,
    create_chatgpt_config,
    request_anthropic_engine,
    request_chatgpt_engine,
)


class OpenAIChatDecoder:
    def __init__(self, name, logger, batch_size=1, temperature=0.8, max_new_tokens=1024):
        self.name = name
        self.logger = logger
        self.batch_size = batch_size
        self.temperature = temperature
        self.max_new_tokens = max_new_tokens

    def codegen(self, message: str, num_samples: int = 1, prompt_cache: bool = False):
        config = create_chatgpt_config(
            message=message,
            max_tokens=self.max_new_tokens,
            temperature=self.temperature,
            batch_size=min(self.batch_size, num_samples),
            model=self.name,
        )
        ret = request_chatgpt_engine(config, self.logger)
        return [{"response": c.message.content} for c in ret.choices] if ret else [{"response": ""}]


class AnthropicChatDecoder(OpenAIChatDecoder):
    _EDITOR_DESCRIPTION = """Edit a file by replacing one exact, unique snippet with another.
* `old_str` must match the file exactly, whitespace included
* `new_str` replaces it
"""

    tools = [
        {
            "name": "str_replace_editor",
            "description": _EDITOR_DESCRIPTION,
            "input_schema": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "file path"},
                    "old_str": {"type": "string", "description": "text to replace"},
                    "new_str": {"type": "string", "description": "replacement"},
                },
                "required": ["path", "old_str"],
            },
        }
    ]

    MAX_CODEGEN_ITERATIONS = 10

    def codegen_w_tool(self, message: str, num_samples: int = 1, prompt_cache: bool = False):
        def _build_response_and_extract(response, messages, iteration):
            # the assistant turn is kept as the SDK serialised it, minus bookkeeping fields
            json_response = response.to_dict()
            for key in ("id", "model", "stop_reason", "stop_sequence", "type", "usage"):
                json_response.pop(key)
            messages.append(json_response)
            results = [
                {"type": "tool_result", "tool_use_id": block["id"], "content": "File edited"}
                for block in json_response["content"]
                if block["type"] == "tool_use"
            ]
            if results:
                messages.append({"role": "user", "content": results})
                return messages, True
            if iteration == 0:
                messages.append(
                    {"role": "user", "content": [{"type": "text", "text": "Now edit the files."}]}
                )
                return messages, True
            return messages, False

        trajs = []
        for _ in range(num_samples):
            messages = [{"role": "user", "content": [{"type": "text", "text": message}]}]
            ret = None
            for iteration in range(self.MAX_CODEGEN_ITERATIONS):
                config = create_anthropic_config(
                    message=messages,
                    max_tokens=self.max_new_tokens,
                    temperature=self.temperature,
                    model=self.name,
                    tools=self.tools,
                )
                ret = request_anthropic_engine(config, self.logger, prompt_cache=True)
                for reply in ret.content:
                    self.logger.info(json.dumps(reply.to_dict(), indent=2))
                messages, contains_tool = _build_response_and_extract(ret, messages, iteration)
                if not contains_tool:
                    break
            trajs.append({"response": [r.to_dict() for r in ret.content] if ret else ""})
        return trajs


def make_model(model, backend, logger, batch_size=1, max_tokens=1024, temperature=0.0):
    if backend == "anthropic":
        return AnthropicChatDecoder(model, logger, batch_size, temperature, max_tokens)
    return OpenAIChatDecoder(model, logger, batch_size, temperature, max_tokens)

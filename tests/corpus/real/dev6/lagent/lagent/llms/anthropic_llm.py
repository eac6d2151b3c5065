"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/llms/anthropic_llm.py (lines 215-330), trimmed; not the original text."""

import anthropic


class AsyncClaudeAPI:
    def generate_request_data(self, model_type, messages, gen_params):
        gen_params = dict(gen_params)
        gen_params["max_tokens"] = min(gen_params.pop("max_new_tokens", 512), 4096)
        system = None
        if messages[0]["role"] == "system":
            system = messages.pop(0)["content"]
        for message in messages:
            message.pop("name", None)
        data = {"model": model_type, "messages": messages, **gen_params}
        if system:
            data["system"] = system
        return data

    async def _chat(self, messages, **gen_params) -> str:
        messages = self.template_parser(messages)
        data = self.generate_request_data(model_type=self.model_type, messages=messages, gen_params=gen_params)
        client = anthropic.AsyncAnthropic(api_key=self.keys[0])
        response = await client.messages.create(**data)
        return response.content[0].text

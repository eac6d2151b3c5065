"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-tools/promptflow/tools/aoai.py (lines 104-173), trimmed; not the original text."""

from promptflow.tools.common import build_messages


class AzureOpenAI:
    def __init__(self, client):
        self._client = client

    def chat(self, prompt: str, deployment_name: str, temperature: float = 1.0, tools: list = None,
             tool_choice=None, seed: int = None, user: str = "", **kwargs):
        messages = build_messages(prompt, **kwargs)
        params = {
            "model": deployment_name,
            "messages": messages,
            "temperature": temperature,
            "extra_headers": {"ms-azure-ai-promptflow-called-from": "aoai-tool"},
        }
        if tools:
            params["tools"] = tools
            params["tool_choice"] = tool_choice
        if seed is not None:
            params["seed"] = seed
        if user:
            params["user"] = user
        completion = self._client.chat.completions.create(**params)
        return completion.choices[0].message.content

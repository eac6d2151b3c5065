"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/model/_openai_model.py (lines 80-165), trimmed; not the original text.

The clock is read only to time the response for the usage record; it never enters the request.
"""

from datetime import datetime


class OpenAIChatModel:
    def __init__(self, client, model_name, stream=True, generate_kwargs=None):
        self.client = client
        self.model_name = model_name
        self.stream = stream
        self.generate_kwargs = generate_kwargs or {}

    async def __call__(self, messages, tools=None, tool_choice=None, **kwargs):
        kwargs = {
            "model": self.model_name,
            "messages": messages,
            "stream": self.stream,
            **self.generate_kwargs,
            **kwargs,
        }
        if tools:
            kwargs["tools"] = tools
        if tool_choice:
            kwargs["tool_choice"] = tool_choice
        if self.stream:
            kwargs["stream_options"] = {"include_usage": True}
        start_datetime = datetime.now()
        response = await self.client.chat.completions.create(**kwargs)
        return response, (datetime.now() - start_datetime).total_seconds()

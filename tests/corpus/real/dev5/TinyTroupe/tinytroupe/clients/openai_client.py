"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/clients/openai_client.py (lines 145-260), trimmed; not the original text."""

import textwrap

import openai


class OpenAIClient:
    def __init__(self):
        self.client = openai.OpenAI()

    def send_message(self, current_messages, dedent_messages=True, model="gpt-4.1-mini", temperature=1.0, response_format=None):
        if dedent_messages:
            for message in current_messages:
                if "content" in message:
                    message["content"] = textwrap.dedent(message["content"])
        chat_api_params = {
            "model": model,
            "messages": current_messages,
            "temperature": temperature,
        }
        if response_format is not None:
            chat_api_params["response_format"] = response_format
            response = self.client.beta.chat.completions.parse(**chat_api_params)
        else:
            response = self.client.chat.completions.create(**chat_api_params)
        return {"role": "assistant", "content": response.choices[0].message.content}


_client = None


def client():
    global _client
    if _client is None:
        _client = OpenAIClient()
    return _client

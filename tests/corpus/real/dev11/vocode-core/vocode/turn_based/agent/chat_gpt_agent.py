"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/turn_based/agent/chat_gpt_agent.py (lines 9-55), trimmed; not the original text."""

from os import getenv

import openai

from vocode.turn_based.agent.base import BaseAgent


class ChatGPTAgent(BaseAgent):
    def __init__(self, system_prompt, api_key=None, initial_message=None, model_name="gpt-3.5-turbo"):
        super().__init__(initial_message=initial_message)
        api_key = getenv("OPENAI_API_KEY", api_key)
        self.client = openai.OpenAI(api_key=api_key)
        self.prompt = system_prompt
        self.model_name = model_name
        self.messages = [
            {"role": "system", "content": system_prompt},
            {"role": "assistant", "content": initial_message},
        ]

    def respond(self, human_input):
        self.messages.append({"role": "user", "content": human_input})
        response = self.client.chat.completions.create(model=self.model_name, messages=self.messages)
        content = response.choices[0].message.content
        self.messages.append({"role": "system", "content": content})
        return content

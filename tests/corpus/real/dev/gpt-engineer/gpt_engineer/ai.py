"""Reconstruction of AntonOsika/gpt-engineer@bdd2cb040f9e8d4b5acd29b047c11ca3cefea974:gpt_engineer/ai.py
(lines 25-90), trimmed; not the original text.
"""

from typing import Dict, List

import openai


class AI:
    def __init__(self, model="gpt-4", temperature=0.1):
        self.temperature = temperature
        self.model = model

    def start(self, system, user, step_name):
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        return self.next(messages, step_name=step_name)

    def fsystem(self, msg):
        return {"role": "system", "content": msg}

    def fuser(self, msg):
        return {"role": "user", "content": msg}

    def fassistant(self, msg):
        return {"role": "assistant", "content": msg}

    def next(self, messages: List[Dict[str, str]], prompt=None, *, step_name=None):
        if prompt:
            messages += [{"role": "user", "content": prompt}]
        # clean: the list grows by appending; nothing earlier is changed
        response = openai.ChatCompletion.create(messages=messages, stream=True, model=self.model, temperature=self.temperature)
        chat = []
        for chunk in response:
            chat.append(chunk["choices"][0]["delta"].get("content", ""))
        messages += [{"role": "assistant", "content": "".join(chat)}]
        return messages

"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/llms/openai.py (lines 163-206, 344-395), trimmed; not the original text."""

import json

import requests


class GPTAPI:
    def _chat(self, messages, **gen_params) -> str:
        messages = self.template_parser(messages)
        header, data = self.generate_request_data(model_type=self.model_type, messages=messages, gen_params=gen_params)
        self.key_ctr = (self.key_ctr + 1) % len(self.keys)
        header["Authorization"] = f"Bearer {self.keys[self.key_ctr]}"
        raw = requests.post(self.url, headers=header, data=json.dumps(data))
        return raw.json()["choices"][0]["message"]["content"].strip()

    def generate_request_data(self, model_type, messages, gen_params, json_mode=False):
        gen_params = gen_params.copy()
        gen_params["max_tokens"] = min(gen_params.pop("max_new_tokens"), 4096)
        if "stop_words" in gen_params:
            gen_params["stop"] = gen_params.pop("stop_words")
        gen_params.pop("session_id", None)
        data = {"model": model_type, "messages": messages, "n": 1, **gen_params}
        if json_mode:
            data["response_format"] = {"type": "json_object"}
        return {"content-type": "application/json"}, data

"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:seeact_package/seeact/demo_utils/inference_engine.py (lines 75-270), trimmed; not the original text."""

import base64
import time

import litellm
import requests


def encode_image(image_path):
    with open(image_path, "rb") as image_file:
        return base64.b64encode(image_file.read()).decode("utf-8")


class Engine:
    def __init__(self, stop=["\n\n"], rate_limit=-1, model=None, temperature=0, **kwargs) -> None:
        self.time_slots = [0]
        self.model = model
        self.temperature = temperature
        self.request_interval = 0 if rate_limit == -1 else 60.0 / rate_limit
        self.next_avil_time = [0] * len(self.time_slots)
        self.current_key_idx = 0


class OllamaEngine(Engine):
    api_url = "http://localhost:11434/api/chat"

    def generate(self, prompt: list = None, max_new_tokens=4096, image_path=None, ouput_0=None, turn_number=0, **kwargs):
        prompt0, prompt1, prompt2 = prompt
        base64_image = encode_image(image_path)
        if turn_number == 0:
            prompt_input = [
                {"role": "assistant", "content": prompt0},
                {"role": "user", "content": prompt1, "images": [base64_image]},
            ]
        else:
            prompt_input = [
                {"role": "assistant", "content": prompt0},
                {"role": "user", "content": prompt1, "images": [base64_image]},
                {"role": "assistant", "content": f"\n\n{ouput_0}"},
                {"role": "user", "content": prompt2},
            ]
        data = {"model": self.model, "messages": prompt_input, "stream": False,
                "options": {"temperature": self.temperature, "num_predict": max_new_tokens}}
        return requests.post(self.api_url, json=data).json()["message"]["content"]


class GeminiEngine(Engine):
    def generate(self, prompt: list = None, max_new_tokens=4096, temperature=None, model=None, image_path=None,
                 ouput_0=None, turn_number=0, **kwargs):
        prompt0, prompt1, prompt2 = prompt
        image = {"type": "image_url", "image_url": {"url": image_path, "detail": "high"}}
        if turn_number == 0:
            prompt_input = [
                {"role": "system", "content": prompt0},
                {"role": "user", "content": [{"type": "text", "text": prompt1}, image]},
            ]
        else:
            prompt_input = [
                {"role": "system", "content": prompt0},
                {"role": "user", "content": [{"type": "text", "text": prompt1}, image]},
                {"role": "assistant", "content": [{"type": "text", "text": f"\n\n{ouput_0}"}]},
                {"role": "user", "content": [{"type": "text", "text": prompt2}]},
            ]
        response = litellm.completion(model=model or self.model, messages=prompt_input, max_tokens=max_new_tokens,
                                      temperature=temperature or self.temperature, **kwargs)
        return response.choices[0]["message"]["content"]


class OpenAIEngine(Engine):
    def generate(self, prompt: list = None, max_new_tokens=4096, temperature=None, model=None, image_path=None,
                 ouput_0=None, turn_number=0, **kwargs):
        # the clock only spaces requests out for the rate limit
        start_time = time.time()
        if self.request_interval > 0 and start_time < self.next_avil_time[self.current_key_idx]:
            time.sleep(self.next_avil_time[self.current_key_idx] - start_time)
        prompt0, prompt1, prompt2 = prompt
        image = {"type": "image_url",
                 "image_url": {"url": f"data:image/jpeg;base64,{encode_image(image_path)}", "detail": "high"}}
        # the second call repeats the first one's messages and extends them
        if turn_number == 0:
            prompt_input = [
                {"role": "system", "content": [{"type": "text", "text": prompt0}]},
                {"role": "user", "content": [{"type": "text", "text": prompt1}, image]},
            ]
        else:
            prompt_input = [
                {"role": "system", "content": [{"type": "text", "text": prompt0}]},
                {"role": "user", "content": [{"type": "text", "text": prompt1}, image]},
                {"role": "assistant", "content": [{"type": "text", "text": f"\n\n{ouput_0}"}]},
                {"role": "user", "content": [{"type": "text", "text": prompt2}]},
            ]
        response = litellm.completion(model=model or self.model, messages=prompt_input, max_tokens=max_new_tokens,
                                      temperature=temperature or self.temperature, **kwargs)
        return response.choices[0]["message"]["content"]

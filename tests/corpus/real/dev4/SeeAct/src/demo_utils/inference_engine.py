"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:src/demo_utils/inference_engine.py (lines 36-143), trimmed; not the original text."""

import base64
import time

import openai


def encode_image(image_path):
    with open(image_path, "rb") as f:
        return base64.b64encode(f.read()).decode("utf-8")


class OpenaiEngine:
    def __init__(self, api_keys, model=None, temperature=0, rate_limit=-1):
        self.api_keys = api_keys
        self.model = model
        self.temperature = temperature
        self.request_interval = 0 if rate_limit == -1 else 60.0 / rate_limit
        self.next_avil_time = [0] * len(api_keys)
        self.current_key_idx = 0

    def generate(self, prompt: list = None, max_new_tokens=4096, image_path=None, ouput__0=None, turn_number=0):
        # keys rotate per request (a header, not the prompt); the clock only paces requests
        self.current_key_idx = (self.current_key_idx + 1) % len(self.api_keys)
        start_time = time.time()
        if self.request_interval > 0 and start_time < self.next_avil_time[self.current_key_idx]:
            time.sleep(self.next_avil_time[self.current_key_idx] - start_time)
        openai.api_key = self.api_keys[self.current_key_idx]
        prompt0, prompt1, prompt2 = prompt
        image = {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{encode_image(image_path)}",
                                                    "detail": "high"}}
        messages = [
            {"role": "system", "content": [{"type": "text", "text": prompt0}]},
            {"role": "user", "content": [{"type": "text", "text": prompt1}, image]},
        ]
        if turn_number == 1:
            messages += [
                {"role": "assistant", "content": [{"type": "text", "text": f"\n\n{ouput__0}"}]},
                {"role": "user", "content": [{"type": "text", "text": prompt2}]},
            ]
        response = openai.ChatCompletion.create(model=self.model, messages=messages, max_tokens=max_new_tokens,
                                                temperature=self.temperature)
        return response["choices"][0]["message"]["content"]

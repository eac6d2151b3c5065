"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/gemini_client.py (lines 1-33), trimmed; not the original text."""

import google.generativeai as genai


class Gemini:
    def inference(self, model_id: str, prompt: str) -> str:
        model = genai.GenerativeModel(model_id, generation_config={"temperature": 0})
        response = model.generate_content(prompt, safety_settings={})
        return response.text

"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/llm.py (lines 92-156), trimmed; not the original text.

The elapsed time is only reported to the UI; the prompt goes to the client unchanged.
"""

import concurrent.futures
import time

from .claude_client import Claude
from .gemini_client import Gemini
from .groq_client import Groq
from .mistral_client import MistralAi
from .openai_client import OpenAi


def emit_agent(channel: str, payload: dict) -> None:
    print(channel, payload)


class LLM:
    def __init__(self, model_id: str, timeout_inference: int = 60):
        self.model_id = model_id
        self.timeout_inference = timeout_inference

    def model_enum(self, model_id: str) -> tuple[str, str]:
        return ("CLAUDE", model_id) if model_id.startswith("claude") else ("OPENAI", model_id)

    def inference(self, prompt: str, project_name: str) -> str:
        model_enum, model_name = self.model_enum(self.model_id)
        model_mapping = {"CLAUDE": Claude(), "OPENAI": OpenAi(), "GOOGLE": Gemini(), "MISTRAL": MistralAi(), "GROQ": Groq()}
        start_time = time.time()
        model = model_mapping[model_enum]
        with concurrent.futures.ThreadPoolExecutor() as executor:
            future = executor.submit(model.inference, model_name, prompt)
            while not future.done():
                emit_agent("inference", {"type": "time", "elapsed_time": format(time.time() - start_time, ".2f")})
                time.sleep(0.5)
            return future.result(timeout=self.timeout_inference).strip()

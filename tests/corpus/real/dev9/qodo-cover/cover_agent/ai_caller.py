"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/ai_caller.py (lines 36-188), trimmed; not the original text."""
# One-shot requests; the clock only names the Weights & Biases trace.
import datetime
import os

import litellm
from wandb.sdk.data_types.trace_tree import Trace


class AICaller:
    def __init__(self, model: str, max_tokens=16384):
        self.model = model
        self.max_tokens = max_tokens

    def call_model(self, prompt: dict, stream=False):
        if prompt["system"] == "":
            messages = [{"role": "user", "content": prompt["user"]}]
        else:
            messages = [
                {"role": "system", "content": prompt["system"]},
                {"role": "user", "content": prompt["user"]},
            ]
        response = litellm.completion(
            model=self.model, messages=messages, stream=stream,
            temperature=0.2, max_tokens=self.max_tokens,
        )
        content = response.choices[0].message.content
        usage = response.usage
        if "WANDB_API_KEY" in os.environ:
            root_span = Trace(
                name="inference_" + datetime.datetime.now().strftime("%Y-%m-%d_%H-%M-%S"),
                kind="llm",
                inputs={"user_prompt": prompt["user"], "system_prompt": prompt["system"]},
                outputs={"model_response": content},
            )
            root_span.log(name="inference")
        return content, int(usage.prompt_tokens), int(usage.completion_tokens)

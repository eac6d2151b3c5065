"""Reconstruction of AbanteAI/rawdog@f08ac12ba42d49661187a37d5c7f751e44fba87f:src/rawdog/llm_client.py (lines 1-136), trimmed; not the original text."""

import json
from textwrap import dedent

from litellm import completion

from rawdog.logging import log_conversation
from rawdog.parsing import parse_script
from rawdog.prompts import script_examples, script_prompt
from rawdog.utils import EnvInfo, is_finetuned_model, rawdog_log_path


class LLMClient:
    def __init__(self, config: dict):
        self.config = config
        self.conversation = [
            {"role": "system", "content": script_prompt},
            {"role": "system", "content": script_examples},
            {"role": "system", "content": EnvInfo(config=self.config).render_prompt()},
        ]
        self.session_cost = 0

    def add_message(self, role: str, content: str):
        self.conversation.append({"role": role, "content": content})

    def get_python_package(self, import_name: str):
        model = self.config.get("pip_model") or self.config.get("llm_model")
        messages = [
            {
                "role": "system",
                "content": dedent(f"""\
                     The following python import failed: import {import_name}. \
                     Respond with only one word which is the name of the package \
                     on pypi. For instance if the import is "import numpy", you \
                     should respond with "numpy". If the import is "import PIL" \
                     you should respond with "Pillow". If you are unsure respond \
                     with the original import name."""),
            }
        ]
        response = completion(
            base_url=self.config.get("llm_base_url"),
            model=model,
            messages=messages,
            temperature=0.01,
            custom_llm_provider=self.config.get("llm_custom_provider"),
        )
        return response.choices[0].message.content

    def get_script(self):
        messages = self.conversation.copy()
        model = self.config.get("llm_model")
        log = {"model": model, "prompt": messages[-1]["content"], "response": None, "cost": None}
        try:
            response = completion(
                base_url=self.config.get("llm_base_url"),
                model=model,
                messages=messages,
                temperature=float(self.config.get("llm_temperature")),
                custom_llm_provider=self.config.get("llm_custom_provider"),
            )
            text = (response.choices[0].message.content) or ""
            self.conversation.append({"role": "assistant", "content": text})
            log["response"] = text
            log_conversation(self.conversation, metadata={"model": model})
        finally:
            with open(rawdog_log_path, "a") as f:
                f.write(json.dumps(log) + "\n")
        return parse_script(text)

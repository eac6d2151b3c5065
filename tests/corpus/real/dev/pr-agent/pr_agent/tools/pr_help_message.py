"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_help_message.py
(lines 32-150), trimmed; not the original text.

The whole documentation website goes into the user prompt after the question
(settings pr_help_prompts.user).
"""

import copy
from pathlib import Path

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


class PRHelpMessage:
    def __init__(self, pr_url: str, args=None, ai_handler=LiteLLMAIHandler):
        self.ai_handler = ai_handler()
        self.question_str = " ".join(args) if args else ""
        if self.question_str:
            self.vars = {
                # rendered ahead of the documentation in the user template
                "question": self.question_str,  # expect: PL104
                "snippets": "",
            }

    async def _prepare_prediction(self, model: str):
        variables = copy.deepcopy(self.vars)
        environment = Environment(undefined=StrictUndefined)
        system_prompt = environment.from_string(get_settings().pr_help_prompts.system).render(variables)
        user_prompt = environment.from_string(get_settings().pr_help_prompts.user).render(variables)
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, temperature=get_settings().config.temperature, system=system_prompt, user=user_prompt
        )
        return response

    async def run(self):
        docs_path = Path(__file__).parent.parent.parent / "docs" / "docs"
        # the files' order is the directory listing's, and the prompt concatenates them in it
        md_files = list(docs_path.glob("**/*.md"))  # expect: PL201
        md_files = [file for file in md_files if "/finetuning_benchmark/" not in str(file)]
        priority_files_strings = ["/docs/index.md", "/usage-guide", "tools/describe.md", "/faq"]
        md_files_priority = [f for f in md_files if any(p in str(f) for p in priority_files_strings)]
        md_files = md_files_priority + [f for f in md_files if f not in md_files_priority]
        docs_prompt = ""
        for file in md_files:
            with open(file) as f:
                file_path = str(file).replace(str(docs_path), "")
                docs_prompt += f"\n==file name==\n\n{file_path}\n\n==file content==\n\n{f.read().strip()}\n=========\n\n"
        self.vars["snippets"] = docs_prompt.strip()
        return await self._prepare_prediction(get_settings().config.model)

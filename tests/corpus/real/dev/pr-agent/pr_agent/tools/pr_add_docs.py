"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_add_docs.py
(lines 20-100, 169-185), trimmed; not the original text.
"""

import copy

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


def get_docs_for_language(language, style):
    language = language.lower()
    if language == "python":
        return f"Docstring ({style})" if style else "Docstring"
    if language in ["javascript", "typescript"]:
        return "JSdoc"
    return "Doc-string"


class PRAddDocs:
    def __init__(self, git_provider, main_language: str, ai_handler=LiteLLMAIHandler):
        self.git_provider = git_provider
        self.main_language = main_language
        self.ai_handler = ai_handler()
        self.vars = {
            "title": self.git_provider.pr.title,
            "language": self.main_language,
            "diff": "",
            "extra_instructions": get_settings().pr_add_docs.extra_instructions,
            # the PR's main language opens the system prompt (its first line names the docs kind)
            "docs_for_language": get_docs_for_language(self.main_language, get_settings().pr_add_docs.docs_style),  # expect: PL104
        }

    async def _get_prediction(self, model: str, diff: str):
        variables = copy.deepcopy(self.vars)
        variables["diff"] = diff
        environment = Environment(undefined=StrictUndefined)
        system_prompt = environment.from_string(get_settings().pr_add_docs_prompt.system).render(variables)
        user_prompt = environment.from_string(get_settings().pr_add_docs_prompt.user).render(variables)
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, temperature=get_settings().config.temperature, system=system_prompt, user=user_prompt
        )
        return response

"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_code_suggestions.py
(lines 60-80, 385-400), trimmed; not the original text.
"""

import copy
from datetime import datetime

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


class PRCodeSuggestions:
    def __init__(self, git_provider, num_code_suggestions: int = 4, ai_handler=LiteLLMAIHandler):
        self.git_provider = git_provider
        self.ai_handler = ai_handler()
        self.vars = {
            "title": self.git_provider.pr.title,
            "diff": "",
            "num_code_suggestions": num_code_suggestions,
            "extra_instructions": "",
            # clean: used only in the user prompt, which follows the configuration-only system prompt
            "date": datetime.now().strftime("%Y-%m-%d"),
        }
        self.pr_code_suggestions_prompt_system = get_settings().pr_review_prompt.system
        self.pr_code_suggestions_prompt_user = get_settings().pr_review_prompt.user

    async def _get_prediction(self, model: str, patches_diff: str):
        variables = copy.deepcopy(self.vars)
        variables["diff"] = patches_diff
        environment = Environment(undefined=StrictUndefined)
        system_prompt = environment.from_string(self.pr_code_suggestions_prompt_system).render(variables)
        user_prompt = environment.from_string(self.pr_code_suggestions_prompt_user).render(variables)
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, temperature=0.2, system=system_prompt, user=user_prompt
        )
        return response

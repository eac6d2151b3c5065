"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_update_changelog.py
(lines 30-115), trimmed; not the original text.
"""

import copy
from datetime import date

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


class PRUpdateChangelog:
    def __init__(self, git_provider, changelog_file_str: str, ai_handler=LiteLLMAIHandler):
        self.git_provider = git_provider
        self.ai_handler = ai_handler()
        self.vars = {
            "title": self.git_provider.pr.title,
            "diff": "",
            "pr_link": "",
            "changelog_file_str": changelog_file_str,
            "today": date.today(),
            "extra_instructions": get_settings().pr_update_changelog.extra_instructions,
        }

    async def _get_prediction(self, model: str, patches_diff: str):
        variables = copy.deepcopy(self.vars)
        variables["diff"] = patches_diff
        if get_settings().pr_update_changelog.add_pr_link:
            # clean: the link goes at the end of a short system prompt, only configuration after it
            variables["pr_link"] = self.git_provider.get_pr_url()
        environment = Environment(undefined=StrictUndefined)
        system_prompt = environment.from_string(get_settings().pr_update_changelog_prompt.system).render(variables)
        user_prompt = environment.from_string(get_settings().pr_update_changelog_prompt.user).render(variables)
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, system=system_prompt, user=user_prompt, temperature=get_settings().config.temperature
        )
        return response.strip()

"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_reviewer.py
(lines 40-110, 203-227), trimmed; not the original text.
"""

import copy
import datetime

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


class PRReviewer:
    def __init__(self, git_provider, ai_handler=LiteLLMAIHandler):
        self.git_provider = git_provider
        self.ai_handler = ai_handler()
        self.patches_diff = None
        self.vars = {
            "title": self.git_provider.pr.title,
            "branch": self.git_provider.get_pr_branch(),
            "diff": "",
            # with require_can_be_split_review on, the PR's file count goes into the middle of
            # the long system prompt
            "num_pr_files": self.git_provider.get_num_of_files(),  # expect: PL104
            "num_max_findings": get_settings().pr_reviewer.num_max_findings,
            "require_can_be_split_review": get_settings().pr_reviewer.require_can_be_split_review,
            "extra_instructions": get_settings().pr_reviewer.extra_instructions,
            # clean: the date opens the user prompt, after the whole system prompt
            "date": datetime.datetime.now().strftime("%Y-%m-%d"),
        }

    async def _get_prediction(self, model: str) -> str:
        variables = copy.deepcopy(self.vars)
        variables["diff"] = self.patches_diff
        environment = Environment(undefined=StrictUndefined)
        # clean: configuration-only system prompt (but see num_pr_files), the PR in the user prompt
        system_prompt = environment.from_string(get_settings().pr_review_prompt.system).render(variables)
        user_prompt = environment.from_string(get_settings().pr_review_prompt.user).render(variables)
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, temperature=get_settings().config.temperature, system=system_prompt, user=user_prompt
        )
        return response

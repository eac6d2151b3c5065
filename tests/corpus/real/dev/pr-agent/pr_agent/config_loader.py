"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/config_loader.py
(lines 1-60), trimmed; not the original text. Dynaconf settings: configuration and prompt templates.
"""

from types import SimpleNamespace

from pr_agent.settings import prompts

_settings = SimpleNamespace(
    config=SimpleNamespace(model="gpt-4o", temperature=0.2, git_provider="github"),
    pr_reviewer=SimpleNamespace(num_max_findings=3, require_can_be_split_review=False, extra_instructions=""),
    pr_add_docs=SimpleNamespace(extra_instructions="", docs_style="Sphinx"),
    pr_update_changelog=SimpleNamespace(add_pr_link=True, extra_instructions=""),
    pr_help_prompts=SimpleNamespace(system=prompts.pr_help_prompts_system, user=prompts.pr_help_prompts_user),
    pr_help_docs_prompts=SimpleNamespace(system=prompts.pr_help_docs_prompts_system, user=prompts.pr_help_docs_prompts_user),
    pr_review_prompt=SimpleNamespace(system=prompts.pr_review_prompt_system, user=prompts.pr_review_prompt_user),
    pr_add_docs_prompt=SimpleNamespace(system=prompts.pr_add_docs_prompt_system, user=prompts.pr_review_prompt_user),
    pr_update_changelog_prompt=SimpleNamespace(system=prompts.pr_update_changelog_prompt_system, user=prompts.pr_review_prompt_user),
)


def get_settings():
    return _settings

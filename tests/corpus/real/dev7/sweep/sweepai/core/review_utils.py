"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/core/review_utils.py (lines 401-513, 614-675, 1016-1060), trimmed; not the original text.

Each file group of a pull request is reviewed by five forked workers with the same prompts
(majority vote); the SWEEP.md rule files that apply are gathered into a set.
"""

from sweepai.core.chat import ChatGPT
from sweepai.core.entities import Message
from sweepai.core.review_prompts import (
    system_prompt,
    system_prompt_review,
    user_prompt,
    user_prompt_issue_output_format,
    user_prompt_review_analysis_format,
    user_prompt_review_decisions,
    user_prompt_review_questions,
    user_prompt_review_special_rules,
)

CLAUDE_MODEL = "claude-3-5-sonnet-20240620"


class PRReviewBot(ChatGPT):
    def get_special_rules(self, cloned_repo, file_names: list[str]) -> dict[str, list[str]]:
        return {}

    def review_code_changes_by_file(self, formatted_pr_changes_by_group: dict, pull_request_info: str, seed=None):
        code_reviews_by_group = {}
        for group_name, grouped_files in formatted_pr_changes_by_group.items():
            self.messages = [Message(role="system", content=system_prompt)]
            formatted_user_prompt = user_prompt.format(  # expect: PL104
                diff=grouped_files.rendered_changes,
                pull_request_info=pull_request_info,
            )
            formatted_user_prompt += user_prompt_issue_output_format
            code_reviews_by_group[group_name] = self.chat_anthropic(
                content=formatted_user_prompt, model=CLAUDE_MODEL, use_openai=True
            )
        return code_reviews_by_group

    def review_code_issues_by_file(self, formatted_pr_changes_by_group: dict, code_reviews_by_group: dict,
                                   cloned_repo, pull_request_info: str, comment_threads_string: str = ""):
        for group_name, code_review_by_group in code_reviews_by_group.items():
            self.messages = [Message(role="system", content=system_prompt_review)]
            file_names = formatted_pr_changes_by_group[group_name].file_names
            formatted_user_prompt = user_prompt_review_questions.format(
                file_names=file_names,
                potential_issues=code_review_by_group,
                pull_request_info=pull_request_info,
                pr_changes=formatted_pr_changes_by_group[group_name].rendered_changes,
                comment_threads=comment_threads_string,
            )
            special_rules = self.get_special_rules(cloned_repo, file_names)
            if special_rules:
                special_rules_set = set([])
                for special_rule_set in special_rules.values():
                    for special_rule in special_rule_set:
                        special_rules_set.add(special_rule)
                formatted_user_prompt += user_prompt_review_special_rules.format(
                    special_rules="\n".join(special_rules_set)  # expect: PL201
                )
            formatted_user_prompt += user_prompt_review_analysis_format
            formatted_user_prompt += user_prompt_review_decisions
            code_reviews_by_group[group_name] = self.chat_anthropic(
                content=formatted_user_prompt, model=CLAUDE_MODEL, use_openai=True
            )
        return code_reviews_by_group

"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/core/review_prompts.py (lines 2-300), trimmed; not the original text.

Sizes in the original (characters / 4): system_prompt ~80 tokens; user_prompt has the diff after
its first ~40 tokens and ~730 tokens of fixed questions after it; user_prompt_issue_output_format
~250 tokens; the review-questions prompt ends with ~700 tokens of fixed text.
"""

system_prompt = """You are a careful senior engineer reviewing the changes of a pull request."""

user_prompt = """Here are the changes of the pull request:
{diff}
{pull_request_info}
Answer the fixed review questions for every patch: correctness, style, tests, security, ...
(about 730 tokens of fixed questions in the original)"""

user_prompt_issue_output_format = """
List the issues you found in <issues> tags, each with its file, line and justification."""

system_prompt_review = """You review the potential issues found in a pull request."""

user_prompt_review_questions = """Files: {file_names}
{potential_issues}
{pull_request_info}
{pr_changes}
{comment_threads}
For each potential issue answer the fixed questions below ... (about 480 tokens in the original)"""

user_prompt_review_special_rules = """
The user also defined these rules for the files:
<special_rules>
{special_rules}
</special_rules>"""

user_prompt_review_analysis_format = """
Deliver your analysis in <thoughts> blocks."""

user_prompt_review_decisions = """
Then decide which issues to keep and answer in <severe_issues> tags."""

"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/repo.py
(lines 326-365), trimmed; not the original text.
"""

from aider import prompts


class GitRepo:
    def __init__(self, models, commit_prompt=None):
        self.models = models
        self.commit_prompt = commit_prompt

    def get_commit_message(self, diffs, context, user_language=None):
        diffs = "# Diffs:\n" + diffs
        content = ""
        if context:
            content += context + "\n"
        content += diffs

        system_content = self.commit_prompt or prompts.commit_system
        language_instruction = ""
        if user_language:
            language_instruction = f"\n- Is written in {user_language}."
        system_content = system_content.format(language_instruction=language_instruction)

        commit_message = None
        for model in self.models:
            if model.system_prompt_prefix:
                current_system_content = model.system_prompt_prefix + "\n" + system_content
            else:
                current_system_content = system_content
            # clean: configuration-only system prompt; the diffs are the (only) user message
            messages = [
                dict(role="system", content=current_system_content),
                dict(role="user", content=content),
            ]
            commit_message = model.simple_send_with_retries(messages)
            if commit_message:
                break
        return commit_message

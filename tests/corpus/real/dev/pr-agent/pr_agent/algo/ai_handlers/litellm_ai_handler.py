"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/algo/ai_handlers/litellm_ai_handler.py
(lines 270-420), trimmed; not the original text.

Every tool ends here: one system and one user message.
"""

import litellm

from pr_agent.config_loader import get_settings


class LiteLLMAIHandler:
    user_message_only_models = ["o1-mini"]

    async def chat_completion(self, model: str, system: str, user: str, temperature: float = 0.2, img_path: str = None):
        if "claude" in model and not system:
            system = "No system prompt provided"
        # clean: system then user, as the tool rendered them
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        if model in self.user_message_only_models:
            # clean: the system text stays first, ahead of the per-PR user text
            user = f"{system}\n\n\n{user}"
            messages = [{"role": "user", "content": user}]
        kwargs = {"model": model, "messages": messages, "timeout": 120, "temperature": temperature}
        response = await litellm.acompletion(**kwargs)
        return response["choices"][0]["message"]["content"], response["choices"][0]["finish_reason"]

"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/services/anthropic.py (lines 12-42), trimmed; not the original text."""

from anthropic import AsyncAnthropic


class HumanAssistantPrompt:
    def __init__(self, assistant_prompt: str, human_prompt: str):
        self.assistant_prompt = assistant_prompt
        self.human_prompt = human_prompt

    def to_string(self) -> str:
        return f"\n\nHuman: {self.human_prompt}\n\nAssistant: {self.assistant_prompt}"


class ClaudeService:
    def __init__(self, api_key: str | None, model: str = "claude-2"):
        self.claude = AsyncAnthropic(api_key=api_key)
        self.model = model

    async def completion(self, prompt: HumanAssistantPrompt, max_tokens_to_sample: int, temperature: int = 0, **kwargs) -> str:
        response = await self.claude.completions.create(
            model=self.model,
            prompt=prompt.to_string(),
            max_tokens_to_sample=max_tokens_to_sample,
            temperature=temperature,
            **kwargs,
        )
        return response.completion.strip()

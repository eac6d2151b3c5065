"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/adapters/nlp/anthropic_service.py (lines 117-150), trimmed; not the original text."""

from parlant.core.engines.alpha.prompt_builder import PromptBuilder


class AnthropicAISchematicGenerator:
    async def _do_generate(self, prompt, hints={}):
        if isinstance(prompt, PromptBuilder):
            prompt = prompt.build()
        arguments = {k: v for k, v in hints.items() if k in self.supported_hints}
        return await self._client.messages.create(
            messages=[{"role": "user", "content": prompt}],
            model=self.model_name,
            max_tokens=4096,
            **arguments,
        )

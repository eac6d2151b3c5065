"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/adapters/nlp/openai_service.py (lines 118-270), trimmed; not the original text."""

import time

from parlant.core.engines.alpha.prompt_builder import PromptBuilder


class OpenAISchematicGenerator:
    async def _do_generate(self, prompt, hints={}):
        if isinstance(prompt, PromptBuilder):
            prompt = prompt.build()
        # timing for the metrics only
        t_start = time.time()
        response = await self._client.chat.completions.create(
            messages=[{"role": "developer", "content": prompt}],
            model=self.model_name,
            response_format={"type": "json_object"},
        )
        t_end = time.time()
        return response, t_end - t_start

"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/llms/base.py (lines 933-1010), trimmed; not the original text."""


class InstructorLLM:
    def __init__(self, client, model, provider="openai", **model_args):
        self.client = client
        self.model = model
        self.provider = provider
        self.model_args = model_args

    def generate(self, prompt: str, response_model):
        messages = [{"role": "user", "content": prompt}]
        return self.client.chat.completions.create(
            model=self.model,
            messages=messages,
            response_model=response_model,
            **self.model_args,
        )

    async def agenerate(self, prompt: str, response_model):
        messages = [{"role": "user", "content": prompt}]
        return await self.client.chat.completions.create(
            model=self.model,
            messages=messages,
            response_model=response_model,
            **self.model_args,
        )

"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/core/generator.py (lines 348-350, 463-495), trimmed; not the original text."""

from adalflow.core.prompt_builder import Prompt


class Generator:
    def __init__(self, model_client, model_kwargs, template, prompt_kwargs, model_type=None):
        self.model_client = model_client
        self.model_kwargs = model_kwargs
        self.template = template
        self.prompt_kwargs = prompt_kwargs
        self.model_type = model_type

    def get_prompt(self, **kwargs) -> str:
        prompt = Prompt(template=self.template, prompt_kwargs=self.prompt_kwargs)
        return prompt.call(**kwargs)

    def _pre_call(self, prompt_kwargs, model_kwargs):
        prompt_str = self.get_prompt(**prompt_kwargs)
        composed_model_kwargs = dict(self.model_kwargs, **model_kwargs)
        max_tokens = composed_model_kwargs.get("max_tokens", None)
        use_prompt_str = prompt_str
        if max_tokens is not None:
            if len(prompt_str) > max_tokens:
                use_prompt_str = prompt_str[:max_tokens]
            del composed_model_kwargs["max_tokens"]
        api_kwargs = self.model_client.convert_inputs_to_api_kwargs(
            input=use_prompt_str,
            model_kwargs=composed_model_kwargs,
            model_type=self.model_type,
        )
        return api_kwargs

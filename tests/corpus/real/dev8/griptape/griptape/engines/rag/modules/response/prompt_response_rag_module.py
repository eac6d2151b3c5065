"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/engines/rag/modules/response/prompt_response_rag_module.py (lines 21-66), trimmed; not the original text.

One-shot answer: the fixed Q&A instructions and rulesets, then the chunks retrieved for this
query, then the query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import Factory, define, field

from griptape.mixins.rule_mixin import RuleMixin
from griptape.utils import J2


@define(kw_only=True)
class PromptResponseRagModule(RuleMixin):
    prompt_driver: object = field(default=None)
    answer_token_offset: int = field(default=400)
    metadata: str | None = field(default=None)
    generate_system_template: Callable = field(
        default=Factory(lambda self: self.default_generate_system_template, takes_self=True),
    )

    def run(self, context):
        query = context.query
        tokenizer = self.prompt_driver.tokenizer
        included_chunks: list = []
        system_prompt = self.generate_system_template(context, included_chunks)
        for artifact in context.text_chunks:
            included_chunks.append(artifact)
            system_prompt = self.generate_system_template(context, included_chunks)
            count = tokenizer.count_tokens(self.prompt_driver.prompt_stack_to_string(self.generate_prompt_stack(system_prompt, query)))
            if count + self.answer_token_offset >= tokenizer.max_input_tokens:
                included_chunks.pop()
                system_prompt = self.generate_system_template(context, included_chunks)
                break
        return self.prompt_driver.run(self.generate_prompt_stack(system_prompt, query)).to_artifact()

    def default_generate_system_template(self, context, artifacts: list) -> str:
        params: dict[str, Any] = {"text_chunks": [c.to_text() for c in artifacts]}
        if len(self.rulesets) > 0:
            params["rulesets"] = J2("rulesets/rulesets.j2").render(rulesets=self.rulesets)
        if self.metadata is not None:
            params["metadata"] = J2("engines/rag/modules/response/metadata/system.j2").render(metadata=self.metadata)
        return J2("engines/rag/modules/response/prompt/system.j2").render(**params)

    def generate_prompt_stack(self, system_prompt, query):
        raise NotImplementedError

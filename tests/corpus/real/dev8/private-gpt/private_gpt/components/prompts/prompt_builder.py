"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/prompts/prompt_builder.py (lines 55-126, 515-538), trimmed; not the original text."""

from datetime import datetime

from llama_index.core import BasePromptTemplate
from llama_index.core.prompts import PromptTemplate

from private_gpt.components.engines.citations.format import format_llm_source
from private_gpt.components.prompts.prompt_template import PromptTemplateService
from private_gpt.settings.settings import settings


class PromptBuilderService:
    def __init__(self, prompt_template_service: PromptTemplateService) -> None:
        self.template_service = prompt_template_service

    def create_chat_header_prompt(
        self,
        assistant_name: str | None = None,
        assistant_description: str | None = None,
        current_date: datetime | None = None,
    ) -> BasePromptTemplate:
        if not current_date:
            current_date = datetime.now()  # expect: PL101
        # chat/system/base.j2: "You are {name}..." then "Current date: {date}." then the
        # guidelines and context blocks.
        return self.template_service.create_prompt_template(
            "chat/system/base.j2",
            system_prompt=None,
            assistant_name=assistant_name or settings().chat.assistant_name,
            assistant_description=assistant_description or settings().chat.assistant_description,
            current_date=current_date.astimezone().date().isoformat(),
        )

    def create_chat_context_for_system_prompt(self, documents, generate_citations, guidelines_prompt=None, token_limit=None, tokenizer_fn=None):
        if not documents:
            return None, documents
        prompt = self.template_service.create_prompt_template(
            "context/context.j2",
            context_str="\n\n".join(doc.text for doc in documents),
            included_in_system_prompt=True,
        )
        return prompt, documents

    def create_citation_guidelines(self, generate_citations: bool = True, documents=None, few_shots: bool = True) -> BasePromptTemplate:
        if not generate_citations or not documents:
            return PromptTemplate(template="")
        sources = [format_llm_source(doc) for doc in documents]  # expect: PL104
        return self.template_service.create_prompt_template(
            "chat/guidelines/citations.j2",
            all_cites=", ".join(sources),
            sample_cite_1=sources[0],
            sample_cite_2=sources[min(len(sources) - 1, 1)],
            few_shots=few_shots,
        )

"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/server/chat/interceptors/system_prompt_interceptor.py (lines 29-113), trimmed; not the original text."""

import asyncio

from private_gpt.components.context.models.context_layer import ContextPromptLayer, RuntimeInstructionsLayer
from private_gpt.components.context.models.layer_type import LayerType
from private_gpt.components.engines.chat.utils.request_builder import build_request_from_context_stack
from private_gpt.components.prompts.prompt_builder import PromptBuilderService


class SystemPromptRequestInterceptor:
    def __init__(self, prompt_builder_service: PromptBuilderService, add_context_to_system_prompt: bool | None = None) -> None:
        self._prompt_builder_service = prompt_builder_service
        self._add_context_to_system_prompt = add_context_to_system_prompt

    async def intercept(self, context) -> None:
        state = context.state.model_copy(deep=True)
        stack = state.input.context_stack
        stack = stack.remove_layers_of_type(LayerType.RUNTIME_INSTRUCTIONS)
        stack = stack.remove_layers_of_type(LayerType.CONTEXT)
        for layer in await self._build_generated_layers(context, state.input.request, stack.all_documents()):
            stack = stack.append_layer(layer)
        state.input.context_stack = stack
        state.input.request = build_request_from_context_stack(state.input.request, stack)
        context.set_state(state)

    async def _build_generated_layers(self, context, request, documents: list) -> list:
        def build() -> list:
            generated_layers: list = []
            header = self._prompt_builder_service.create_chat_header_prompt().format()
            if header.strip():
                generated_layers.append(RuntimeInstructionsLayer(text=header.strip(), source="platform_header"))
            add_context_to_system_prompt = (
                self._add_context_to_system_prompt
                if self._add_context_to_system_prompt is not None
                else request.context.add_context_to_system_prompt
            )
            if add_context_to_system_prompt:
                context_prompt, _ = self._prompt_builder_service.create_chat_context_for_system_prompt(  # expect: PL104
                    documents=documents,
                    generate_citations=request.citation.enabled,
                    token_limit=context.state.runtime.effective_token_limit,
                )
                if context_prompt:
                    context_text = context_prompt.format().strip()
                    if context_text:
                        generated_layers.append(ContextPromptLayer(text=context_text, source="system_prompt"))
            return generated_layers

        return await asyncio.to_thread(build)

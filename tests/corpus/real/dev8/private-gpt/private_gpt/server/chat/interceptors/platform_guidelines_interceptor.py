"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/server/chat/interceptors/platform_guidelines_interceptor.py (lines 60-150, 233-238), trimmed; not the original text."""

from private_gpt.components.context.models.context_layer import ToolInstructionsLayer
from private_gpt.components.prompts.prompt_builder import PromptBuilderService

_SOURCE_CITATIONS = "platform:citations"


class PlatformGuidelinesInterceptor:
    def __init__(self, prompt_builder: PromptBuilderService) -> None:
        self._prompt_builder = prompt_builder

    async def intercept(self, context) -> None:
        state = context.state
        prompt = state.input.request.system.platform_prompts
        stack = state.input.context_stack.remove_layers_of_source(_SOURCE_CITATIONS)
        documents = stack.all_documents()
        if prompt.citations and documents:
            content = self._prompt_builder.create_citation_guidelines(documents=documents).format()
            if content:
                stack = stack.append_layer(ToolInstructionsLayer(tool_name="citations", instructions=content, source=_SOURCE_CITATIONS))
        state.input.context_stack = stack
        context.set_state(state)

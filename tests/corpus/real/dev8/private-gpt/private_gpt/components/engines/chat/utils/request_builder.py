"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/engines/chat/utils/request_builder.py (lines 51-79), trimmed; not the original text."""

from llama_index.core.base.llms.types import MessageRole, TextBlock

from private_gpt.components.chat.models.chat_config_models import ResolvedChatRequest


def build_request_from_context_stack(base_request, context_stack) -> ResolvedChatRequest:
    request = ResolvedChatRequest.model_validate(base_request, from_attributes=True)
    request.tool_config.tools = list(context_stack.all_tools())
    request.context.documents = context_stack.all_documents() or None
    # System messages of the history are replaced by the rendered layers.
    request.messages = [m for m in request.messages if m.role != MessageRole.SYSTEM]
    request.system.prompt = _render_system_prompt_text(context_stack)
    return request


def _render_system_prompt_text(context_stack) -> list[TextBlock] | None:
    blocks = context_stack.to_system_prompt()
    parts = [block.text for block in blocks if block.text and block.text.strip()]
    if not parts:
        return None
    return [TextBlock(text=part) for part in parts]

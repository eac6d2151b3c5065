"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/components/memory/memory.py (lines 20-45, 66-84), trimmed; not the original text."""

from adalflow.core.prompt_builder import Prompt

CONVERSATION_TEMPLATE = r"""
{% for order, turn in dialog_turns.items() -%}
{% if turn.user_query -%}
User:
query: {{ turn.user_query.query_str }}
{% endif -%}
{% if turn.assistant_response -%}
Assistant: {{ turn.assistant_response.response_str }}
{% endif -%}
{% endfor -%}"""


class ConversationMemory:
    def __init__(self, current_conversation):
        self.current_conversation = current_conversation

    def call(self, metadata_filter=None) -> str:
        if not self.current_conversation.dialog_turns:
            return ""
        prompt = Prompt(
            template=CONVERSATION_TEMPLATE,
            prompt_kwargs={
                "dialog_turns": self.current_conversation.dialog_turns,
                "metadata_filter": metadata_filter,
            },
        )
        return prompt.call().strip()

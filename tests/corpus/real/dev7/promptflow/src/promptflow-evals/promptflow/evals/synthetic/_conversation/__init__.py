"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/synthetic/_conversation/__init__.py (lines 20-60, 88-215), trimmed; not the original text.

A simulated bot renders its template with the recent turns into the system message and sends the
recent turns as the conversation; both are cut to the last max_history turns on every turn.
"""

from enum import Enum
from typing import Dict, List

import jinja2


class ConversationRole(Enum):
    USER = "user"
    ASSISTANT = "assistant"


class ConversationTurn:
    def __init__(self, role: ConversationRole, name=None, message: str = "", full_response=None, request=None):
        self.role = role
        self.name = name
        self.message = message
        self.full_response = full_response
        self.request = request

    def to_openai_chat_format(self, reverse: bool = False) -> Dict[str, str]:
        if reverse is False:
            return {"role": self.role.value, "content": self.message}
        if self.role == ConversationRole.ASSISTANT:
            return {"role": ConversationRole.USER.value, "content": self.message}
        return {"role": ConversationRole.ASSISTANT.value, "content": self.message}


class OpenAIChatCompletionsModel:
    name = "openai"

    async def get_conversation_completion(self, messages: List[Dict], session, role: str = "assistant") -> dict:
        raise NotImplementedError


class ConversationBot:
    def __init__(self, *, role: ConversationRole, model, conversation_template: str, instantiation_parameters: Dict[str, str]):
        self.role = role
        self.conversation_template = jinja2.Template(conversation_template, undefined=jinja2.StrictUndefined)
        self.persona_template_args = instantiation_parameters
        self.model = model
        self.conversation_starter = instantiation_parameters.get("conversation_starter")

    async def generate_response(self, session, conversation_history: List[ConversationTurn], max_history: int, turn_number: int = 0):
        if turn_number == 0 and self.conversation_starter is not None:
            return {"samples": [self.conversation_starter], "finish_reason": ["stop"], "id": None}, {}, 0, {}
        prompt = self.conversation_template.render(
            conversation_turns=conversation_history[-max_history:],  # expect: PL301
            role=self.role.value,
            **self.persona_template_args,
        )
        messages = [{"role": "system", "content": prompt}]
        if (self.role == ConversationRole.USER) and isinstance(self.model, OpenAIChatCompletionsModel):
            # the chat API answers as the assistant: the simulated user sees the turns with roles swapped
            messages.extend([turn.to_openai_chat_format(reverse=True) for turn in conversation_history[-max_history:]])  # expect: PL301
            prompt_role = ConversationRole.USER.value
        else:
            messages.extend([turn.to_openai_chat_format() for turn in conversation_history[-max_history:]])  # expect: PL301
            prompt_role = self.role.value
        response = await self.model.get_conversation_completion(messages=messages, session=session, role=prompt_role)
        return response["response"], response["request"], response["time_taken"], response["full_response"]

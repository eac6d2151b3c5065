"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/base_chat.py (lines 132-215, 334-392, 704-752), trimmed; not the original text."""

import datetime

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)
from dbgpt_app.scene.operators.app_operator import AppChatComposerOperator, ChatComposerInput
from dbgpt_serve.core.config import BufferWindowGPTsAppMemoryConfig


class BaseChat:
    def __init__(self, chat_param, system_app):
        self.system_app = system_app
        self.chat_mode = chat_param.chat_mode
        self.current_user_input = chat_param.real_user_input()
        self.llm_model = chat_param.model_name
        self.prompt_code = chat_param.prompt_code
        self.prompt_template = CFG.prompt_template_registry.get_prompt_template(
            self.chat_mode.value(), language="en", model_name=self.llm_model
        )
        if self.prompt_code:
            prompt_template = self._prompt_service.get_template(self.prompt_code)
            chat_prompt_template = ChatPromptTemplate(
                messages=[
                    SystemPromptTemplate.from_template(
                        template=prompt_template.template,
                        template_format=prompt_template.template_format,
                    ),
                    MessagesPlaceholder(variable_name="chat_history"),
                    HumanPromptTemplate.from_template("{question}"),
                ]
            )
            self.prompt_template.prompt = chat_prompt_template
        self.current_message = _build_conversation(self.chat_mode, chat_param)
        self.history_messages = self.current_message.get_history_message()
        self._chat_param = chat_param

    async def generate_input_values(self):
        raise NotImplementedError

    async def prepare_input_values(self):
        return await self.generate_input_values()

    def memory_config(self):
        if self._chat_param.app_config and self._chat_param.app_config.memory:
            return self._chat_param.app_config.memory
        return BufferWindowGPTsAppMemoryConfig()

    async def _build_model_request(self):
        input_values = await self.prepare_input_values()
        self.history_messages = self.current_message.get_history_message()
        self.current_message.start_new_round()
        self.current_message.add_user_message(self.current_user_input.content)
        self.current_message.start_date = datetime.datetime.now().strftime(
            "%Y-%m-%d %H:%M:%S"
        )
        self.current_message.tokens = 0
        node = AppChatComposerOperator(
            model=self.llm_model,
            temperature=0.6,
            max_new_tokens=1024,
            prompt=self.prompt_template.prompt,
            llm_client=self.llm_client,
            memory=self.memory_config(),
        )
        node_input = ChatComposerInput(
            messages=self.history_messages, prompt_dict=input_values
        )
        return await node.map(node_input)

    def _generate_numbered_list(self) -> str:
        antv_charts = [
            {"response_line_chart": "used to display comparative trend analysis data"},
            {"response_pie_chart": "suitable for proportion and distribution statistics"},
            {"response_table": "suitable for display with many display columns"},
            {"response_scatter_chart": "Suitable for exploring relationships"},
            {"response_vector_chart": "Suitable for projecting high-dimensional vectors"},
        ]
        return "\n".join(
            f"{key}:{value}"
            for dict_item in antv_charts
            for key, value in dict_item.items()
        )

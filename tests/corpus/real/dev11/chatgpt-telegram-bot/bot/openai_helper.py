"""Reconstruction of n3d1117/chatgpt-telegram-bot@df4dcaa26923dee560ef8f9b4f18a682c9b059ad:bot/openai_helper.py (lines 95-125, 211-323, 394-460, 565-617), trimmed; not the original text."""
import datetime
import json

import openai

from plugin_manager import PluginManager
from utils import is_direct_result

O_MODELS = ("o1", "o1-mini", "o1-preview")


class OpenAIHelper:
    def __init__(self, config: dict, plugin_manager: PluginManager):
        self.client = openai.AsyncOpenAI(api_key=config['api_key'])
        self.config = config
        self.plugin_manager = plugin_manager
        self.conversations = {}
        self.conversations_vision = {}
        self.last_updated = {}

    async def __common_get_chat_response(self, chat_id: int, query: str, stream=False):
        if chat_id not in self.conversations or self.__max_age_reached(chat_id):
            self.reset_chat_history(chat_id)

        self.last_updated[chat_id] = datetime.datetime.now()

        self.__add_to_history(chat_id, role="user", content=query)

        exceeded_max_history_size = len(self.conversations[chat_id]) > self.config['max_history_size']
        if exceeded_max_history_size:
            try:
                summary = await self.__summarise(self.conversations[chat_id][:-1])
                self.reset_chat_history(chat_id, self.conversations[chat_id][0]['content'])
                self.__add_to_history(chat_id, role="assistant", content=summary)
                self.__add_to_history(chat_id, role="user", content=query)
            except Exception:
                self.conversations[chat_id] = self.conversations[chat_id][-self.config['max_history_size']:]  # expect: PL301

        common_args = {
            'model': self.config['model'] if not self.conversations_vision[chat_id] else self.config['vision_model'],
            'messages': self.conversations[chat_id],
            'temperature': self.config['temperature'],
            'stream': stream,
        }
        if self.config['enable_functions'] and not self.conversations_vision[chat_id]:
            functions = self.plugin_manager.get_functions_specs()
            if len(functions) > 0:
                common_args['functions'] = self.plugin_manager.get_functions_specs()
                common_args['function_call'] = 'auto'
        return await self.client.chat.completions.create(**common_args)

    async def __handle_function_call(self, chat_id, response, stream=False, times=0, plugins_used=()):
        first_choice = response.choices[0]
        function_name = first_choice.message.function_call.name
        arguments = first_choice.message.function_call.arguments
        function_response = await self.plugin_manager.call_function(function_name, self, arguments)

        if is_direct_result(function_response):
            self.__add_function_call_to_history(chat_id=chat_id, function_name=function_name,
                                                content=json.dumps({'result': 'Done, the content has been sent'
                                                                              'to the user.'}))
            return function_response, plugins_used

        self.__add_function_call_to_history(chat_id=chat_id, function_name=function_name, content=function_response)
        response = await self.client.chat.completions.create(
            model=self.config['model'],
            messages=self.conversations[chat_id],
            functions=self.plugin_manager.get_functions_specs(),
            function_call='auto' if times < self.config['functions_max_consecutive_calls'] else 'none',
            stream=stream
        )
        return await self.__handle_function_call(chat_id, response, stream, times + 1, plugins_used)

    async def __common_get_chat_response_vision(self, chat_id: int, content: list, stream=False):
        if chat_id not in self.conversations or self.__max_age_reached(chat_id):
            self.reset_chat_history(chat_id)

        self.last_updated[chat_id] = datetime.datetime.now()

        if self.config['enable_vision_follow_up_questions']:
            self.conversations_vision[chat_id] = True
            self.__add_to_history(chat_id, role="user", content=content)
        else:
            for message in content:
                if message['type'] == 'text':
                    query = message['text']
                    break
            self.__add_to_history(chat_id, role="user", content=query)

        exceeded_max_history_size = len(self.conversations[chat_id]) > self.config['max_history_size']
        if exceeded_max_history_size:
            try:
                last = self.conversations[chat_id][-1]
                summary = await self.__summarise(self.conversations[chat_id][:-1])
                self.reset_chat_history(chat_id, self.conversations[chat_id][0]['content'])
                self.__add_to_history(chat_id, role="assistant", content=summary)
                self.conversations[chat_id] += [last]
            except Exception:
                self.conversations[chat_id] = self.conversations[chat_id][-self.config['max_history_size']:]  # expect: PL301

        message = {'role': 'user', 'content': content}

        common_args = {
            'model': self.config['vision_model'],
            'messages': self.conversations[chat_id][:-1] + [message],  # expect: PL301
            'temperature': self.config['temperature'],
            'stream': stream,
        }
        return await self.client.chat.completions.create(**common_args)

    def reset_chat_history(self, chat_id, content=''):
        if content == '':
            content = self.config['assistant_prompt']
        self.conversations[chat_id] = [{"role": "assistant" if self.config['model'] in O_MODELS else "system", "content": content}]
        self.conversations_vision[chat_id] = False

    def __max_age_reached(self, chat_id) -> bool:
        if chat_id not in self.last_updated:
            return False
        last_updated = self.last_updated[chat_id]
        now = datetime.datetime.now()
        max_age_minutes = self.config['max_conversation_age_minutes']
        return last_updated < now - datetime.timedelta(minutes=max_age_minutes)

    def __add_function_call_to_history(self, chat_id, function_name, content):
        self.conversations[chat_id].append({"role": "function", "name": function_name, "content": content})

    def __add_to_history(self, chat_id, role, content):
        self.conversations[chat_id].append({"role": role, "content": content})

    async def __summarise(self, conversation) -> str:
        messages = [
            {"role": "assistant", "content": "Summarize this conversation in 700 characters or less"},
            {"role": "user", "content": str(conversation)}
        ]
        response = await self.client.chat.completions.create(
            model=self.config['model'],
            messages=messages,
            temperature=1 if self.config['model'] in O_MODELS else 0.4
        )
        return response.choices[0].message.content

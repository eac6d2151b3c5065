"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/memo_assistant.py (lines 25-110), trimmed; not the original text."""

import copy
from typing import Iterator, List

import json5

from qwen_agent.agents.assistant import Assistant
from qwen_agent.llm.schema import SYSTEM, USER, Message

MEMORY_PROMPT = """
Use the storage tool to keep what you must remember. Everything stored so far:
<info>
{storage_info}
</info>
"""


class MemoAssistant(Assistant):
    def _run(self, messages: List[Message], lang: str = 'zh', knowledge: str = '', **kwargs) -> Iterator[List[Message]]:
        new_message = self._prepend_storage_info_to_sys(messages)
        new_message = self._truncate_dialogue_history(new_message)
        yield from super()._run(new_message, lang=lang, knowledge=knowledge, **kwargs)

    def _prepend_storage_info_to_sys(self, messages: List[Message]) -> List[Message]:
        messages = copy.deepcopy(messages)
        all_kv = {}
        for msg in messages:
            if msg.function_call and msg.function_call.name == 'storage':
                param = json5.loads(msg.function_call.arguments)
                if param['operate'] in ['put', 'update']:
                    all_kv[param['key']] = param['value']
                elif param['operate'] == 'delete':
                    all_kv.pop(param['key'], None)
        # what the model stored so far: grows with every put, and sits in the system message
        all_kv_str = '\n'.join([f'{k}: {v}' for k, v in all_kv.items()])  # expect: PL104
        sys_memory_prompt = MEMORY_PROMPT.format(storage_info=all_kv_str)
        if messages and messages[0].role == SYSTEM:
            messages[0].content += '\n\n' + sys_memory_prompt
        else:
            messages = [Message(role=SYSTEM, content=sys_memory_prompt)] + messages
        return messages

    def _truncate_dialogue_history(self, messages: List[Message]) -> List[Message]:
        new_messages = []
        available_turn = 400
        k = len(messages) - 1
        while k > -1:  # expect: PL301
            msg = messages[k]
            if available_turn == 0:
                break
            if msg.role == USER:
                available_turn -= 1
            new_messages = [msg] + new_messages
            k -= 1
        if k > -1 and messages and messages[0].role == SYSTEM:
            new_messages = [messages[0]] + new_messages
        return new_messages

"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agent.py (lines 31-210), trimmed; not the original text."""

import copy
import json
from typing import Dict, Iterator, List, Optional

from qwen_agent.llm.base import BaseChatModel
from qwen_agent.llm.schema import CONTENT, DEFAULT_SYSTEM_MESSAGE, ROLE, SYSTEM, Message


class Agent:
    def __init__(self, function_list=None, llm: Optional[BaseChatModel] = None,
                 system_message: Optional[str] = DEFAULT_SYSTEM_MESSAGE, name=None, description=None, **kwargs):
        self.llm = llm
        self.extra_generate_cfg: dict = {}
        self.function_map = {}
        for tool in function_list or []:
            self.function_map[tool.name] = tool
        self.system_message = system_message
        self.name = name

    def run(self, messages: List[Message], **kwargs) -> Iterator[List[Message]]:
        new_messages = [Message(**m) if isinstance(m, dict) else m for m in copy.deepcopy(messages)]
        kwargs.setdefault('lang', 'en')
        # the agent's configured system message goes first, unchanged from turn to turn
        if self.system_message:
            if not new_messages or new_messages[0][ROLE] != SYSTEM:
                new_messages.insert(0, Message(role=SYSTEM, content=self.system_message))
            else:
                new_messages[0][CONTENT] = self.system_message + '\n\n' + new_messages[0][CONTENT]
        yield from self._run(messages=new_messages, **kwargs)

    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        raise NotImplementedError

    def _call_llm(self, messages: List[Message], functions: Optional[List[Dict]] = None,
                  stream: bool = True, extra_generate_cfg: Optional[dict] = None) -> Iterator[List[Message]]:
        cfg = dict(self.extra_generate_cfg)
        cfg.update(extra_generate_cfg or {})
        return self.llm.chat(messages=messages, functions=functions, stream=stream, extra_generate_cfg=cfg)

    def _call_tool(self, tool_name: str, tool_args='{}', **kwargs):
        if tool_name not in self.function_map:
            return f'Tool {tool_name} does not exists.'
        tool_result = self.function_map[tool_name].call(tool_args, **kwargs)
        if isinstance(tool_result, str):
            return tool_result
        # a result the tool built in code, serialised once into the function message that stays in the history
        return json.dumps(tool_result, ensure_ascii=False, indent=4)

"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/react_chat.py (lines 25-132), trimmed; not the original text."""

import json
from typing import Iterator, List

from qwen_agent.agents.fncall_agent import FnCallAgent
from qwen_agent.llm.schema import ASSISTANT, Message
from qwen_agent.utils.utils import format_as_text_message

TOOL_DESC = '{name_for_model}: the {name_for_human} API. {description_for_model} Parameters: {parameters}'

PROMPT_REACT = """Answer the question with these tools:

{tool_descs}

Format: Thought / Action (one of [{tool_names}]) / Action Input / Observation ... Final Answer

Question: {query}
Thought: """


class ReActChat(FnCallAgent):
    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        text_messages = self._prepend_react_prompt(messages, lang=lang)
        response = 'Thought: '
        for output in self._call_llm(messages=text_messages):
            if output:
                yield [Message(role=ASSISTANT, content=response + output[-1].content)]

    def _prepend_react_prompt(self, messages: List[Message], lang: str) -> List[Message]:
        tool_descs = []
        for f in self.function_map.values():
            function = f.function
            name = function.get('name')
            tool_descs.append(
                TOOL_DESC.format(name_for_human=function.get('name_for_human', name),
                                 name_for_model=function.get('name_for_model', name),
                                 description_for_model=function['description'],
                                 parameters=json.dumps(function['parameters'], ensure_ascii=False)))
        tool_names = ','.join(tool.name for tool in self.function_map.values())
        text_messages = [format_as_text_message(m, add_upload_info=True, lang=lang) for m in messages]
        # only this turn's question is wrapped in the ReAct template; next turn it is history, sent bare
        text_messages[-1].content = PROMPT_REACT.format(  # expect: PL301
            tool_descs='\n\n'.join(tool_descs),
            tool_names=tool_names,
            query=text_messages[-1].content,
        )
        return text_messages

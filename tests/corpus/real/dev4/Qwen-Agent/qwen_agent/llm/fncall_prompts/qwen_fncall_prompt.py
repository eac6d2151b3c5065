"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/llm/fncall_prompts/qwen_fncall_prompt.py (lines 24-84, 335-366), trimmed; not the original text."""

import json
from typing import Dict, List

from qwen_agent.llm.schema import SYSTEM, ContentItem, Message

FN_CALL_TEMPLATE = {'en': '# Tools\n\nYou may call these tools:\n\n{tool_descs}\n\nUse one of [{tool_names}].'}


class QwenFnCallPrompt:
    @staticmethod
    def preprocess_fncall_messages(messages: List[Message], functions: List[dict], lang: str, **kwargs) -> List[Message]:
        tool_desc_template = FN_CALL_TEMPLATE[lang]
        # one description per tool, in the order the agent passes them
        tool_descs = '\n\n'.join(get_function_description(function, lang=lang) for function in functions)
        tool_names = ','.join(function.get('name_for_model', function.get('name', '')) for function in functions)
        tool_system = tool_desc_template.format(tool_descs=tool_descs, tool_names=tool_names)
        if messages and messages[0].role == SYSTEM:
            messages[0].content.append(ContentItem(text='\n\n' + tool_system))
        else:
            messages = [Message(role=SYSTEM, content=[ContentItem(text=tool_system)])] + messages
        return messages


def get_function_description(function: Dict, lang: str) -> str:
    name = function.get('name', None)
    return '### {h}\n\n{m}: {d} Parameters: {p}'.format(
        h=function.get('name_for_human', name),
        m=function.get('name_for_model', name),
        d=function['description'],
        # the tool's parameters schema, a class attribute
        p=json.dumps(function['parameters'], ensure_ascii=False),
    )

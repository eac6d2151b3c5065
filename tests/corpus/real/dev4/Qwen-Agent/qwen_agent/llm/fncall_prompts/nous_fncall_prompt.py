"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/llm/fncall_prompts/nous_fncall_prompt.py (lines 27-101), trimmed; not the original text."""

import copy
import json
from typing import List

import json5

from qwen_agent.llm.schema import ASSISTANT, FUNCTION, SYSTEM, USER, ContentItem, Message

FN_CALL_TEMPLATE = '# Tools\n\nFunction signatures inside <tools></tools>:\n<tools>\n{tool_descs}\n</tools>'


class NousFnCallPrompt:
    def preprocess_fncall_messages(self, messages: List[Message], functions: List[dict], lang: str,
                                   **kwargs) -> List[Message]:
        ori_messages = messages
        messages = []
        for msg in copy.deepcopy(ori_messages):
            role, content = msg.role, msg.content
            if role in (SYSTEM, USER):
                messages.append(msg)
            elif role == ASSISTANT:
                content = content or []
                if msg.function_call:
                    arguments = msg.function_call.arguments
                    try:
                        # parsed from the model's own text: the keys keep the order it wrote them in
                        arguments = json5.loads(arguments)
                    except Exception:
                        pass
                    fc = json.dumps({'name': msg.function_call.name, 'arguments': arguments}, ensure_ascii=False)
                    content.append(ContentItem(text=f'<tool_call>\n{fc}\n</tool_call>'))
                messages.append(Message(role=role, content=content, reasoning_content=msg.reasoning_content))
            elif role == FUNCTION:
                content = [ContentItem(text='<tool_response>\n')] + content + [ContentItem(text='\n</tool_response>')]
                messages.append(Message(role=USER, content=content))
        # the tool schemas are the tools' class attributes, in the agent's configured order
        tool_descs = '\n'.join(json.dumps({'type': 'function', 'function': f}, ensure_ascii=False) for f in functions)
        tool_system = FN_CALL_TEMPLATE.format(tool_descs=tool_descs)
        if messages and messages[0].role == SYSTEM:
            messages[0].content.append(ContentItem(text='\n\n' + tool_system))
        else:
            messages = [Message(role=SYSTEM, content=[ContentItem(text=tool_system)])] + messages
        return messages

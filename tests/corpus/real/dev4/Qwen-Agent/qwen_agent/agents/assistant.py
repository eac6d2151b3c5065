"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/assistant.py (lines 31-149), trimmed; not the original text."""

import copy
from typing import Iterator, List

from qwen_agent.agents.fncall_agent import FnCallAgent
from qwen_agent.llm.schema import CONTENT, ROLE, SYSTEM, Message

KNOWLEDGE_TEMPLATE = {'en': '# Knowledge Base\n\n{knowledge}'}
KNOWLEDGE_SNIPPET = {'en': '## The content from {source}:\n\n```\n{content}\n```'}


def format_knowledge_to_source_and_content(result) -> List[dict]:
    return [{'source': doc['url'], 'content': '\n\n...\n\n'.join(doc['text'])} for doc in result]


class Assistant(FnCallAgent):
    def _run(self, messages: List[Message], lang: str = 'en', knowledge: str = '', **kwargs) -> Iterator[List[Message]]:
        new_messages = self._prepend_knowledge_prompt(messages=messages, lang=lang, knowledge=knowledge, **kwargs)
        return super()._run(messages=new_messages, lang=lang, **kwargs)

    def _prepend_knowledge_prompt(self, messages: List[Message], lang: str = 'en', knowledge: str = '',
                                  **kwargs) -> List[Message]:
        messages = copy.deepcopy(messages)
        if not knowledge:
            # retrieval over the files for the latest question: different snippets every turn
            *_, last = self.mem.run(messages=messages, lang=lang, **kwargs)  # expect: PL104
            knowledge = last[-1][CONTENT]
        snippets = []
        for k in format_knowledge_to_source_and_content(knowledge) if knowledge else []:
            snippets.append(KNOWLEDGE_SNIPPET[lang].format(source=k['source'], content=k['content']))
        knowledge_prompt = ''
        if snippets:
            knowledge_prompt = KNOWLEDGE_TEMPLATE[lang].format(knowledge='\n\n'.join(snippets))
        if knowledge_prompt:
            # appended to the system message, i.e. ahead of the whole history
            if messages and messages[0][ROLE] == SYSTEM:
                messages[0][CONTENT] += '\n\n' + knowledge_prompt
            else:
                messages = [Message(role=SYSTEM, content=knowledge_prompt)] + messages
        return messages

"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/router.py (lines 26-107), trimmed; not the original text."""

from typing import Iterator, List

from qwen_agent.agents.assistant import Assistant
from qwen_agent.llm.schema import ASSISTANT, ROLE, Message

ROUTER_PROMPT = '''You have these helpers:
{agent_descs}

Answer directly when you can; otherwise pick one of [{agent_names}]:
Call: <helper name>
Reply: <its reply>'''


class Router(Assistant):
    def __init__(self, llm=None, agents=None, **kwargs):
        self._agents = agents
        agent_descs = '\n'.join([f'{x.name}: {x.description}' for x in agents])
        agent_names = ', '.join(x.name for x in agents)
        # formatted once, at construction, from the agents' fixed descriptions
        super().__init__(llm=llm, system_message=ROUTER_PROMPT.format(agent_descs=agent_descs, agent_names=agent_names),
                         **kwargs)

    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        messages_for_router = []
        for msg in messages:
            if msg[ROLE] == ASSISTANT:
                msg = self.supplement_name_special_token(msg)
            messages_for_router.append(msg)
        yield from super()._run(messages=messages_for_router, lang=lang, **kwargs)

    @staticmethod
    def supplement_name_special_token(message: Message) -> Message:
        # the same rewrite of every assistant turn on every request: deterministic
        if not message.name:
            return message
        message['content'] = 'Call: ' + message['name'] + '\nReply:' + message['content']
        return message

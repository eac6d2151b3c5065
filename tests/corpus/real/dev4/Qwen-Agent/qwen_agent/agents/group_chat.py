"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/group_chat.py (lines 153-308), trimmed; not the original text."""

import copy
from typing import Dict, Iterator, List

from qwen_agent.agent import Agent
from qwen_agent.agents.assistant import Assistant
from qwen_agent.llm.schema import Message


class GroupChat(Agent):
    def _gen_one_response(self, messages: List[Message], selected_agent: Agent, **kwargs) -> Iterator[List[Message]]:
        new_messages = self._manage_messages(messages, selected_agent.name)
        yield from selected_agent.run(messages=new_messages, **kwargs)

    def _manage_messages(self, messages: List[Message], name: str) -> List[Message]:
        # the shared log seen from one member: its own turns as assistant, the others merged into user turns
        new_messages = []
        new_msg = None
        for msg in messages:
            if msg.name == name:
                if new_msg:
                    new_messages.append(new_msg)
                if not new_messages or new_messages[-1].name == name:
                    new_messages.append(Message('user', f'{name}: '))
                own = copy.deepcopy(msg)
                own.role = 'assistant'
                new_messages.append(own)
                new_msg = None
            else:
                content = msg.content.strip()
                if content:
                    if not new_msg:
                        new_msg = Message('user', f'{msg.name}: {content}')
                    else:
                        new_msg.content += f'\n{msg.name}: {content}'
        if new_msg:
            new_messages.append(new_msg)
        # the cue is added to the latest user turn only: the same turn is sent without it once it is history
        if new_messages and new_messages[-1].role == 'user':
            new_messages[-1].content += f'\n{name}: '  # expect: PL301
        else:
            new_messages.append(Message('user', f'{name}: '))
        return new_messages

    def _init_agents_from_config(self, cfgs: Dict, llm=None) -> List[Agent]:
        agents = []
        background = 'You are in a group chat. '
        if cfgs.get('background', ''):
            background += f'Background: {cfgs["background"]}'
        for cfg in cfgs['agents']:
            system = f"You are {cfg['name']}.\n\n{cfg.get('instructions', '')}"
            others = [x['name'] for x in cfgs['agents'] if x['name'] != cfg['name']]
            # built once from the configuration, the same on every request
            agents.append(Assistant(llm=llm,
                                    system_message=background + system + f"\n\nOther members: {', '.join(others)}.",
                                    name=cfg['name']))
        return agents

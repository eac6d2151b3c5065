"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/llm/base.py (lines 61-450, 602-804), trimmed; not the original text."""

import copy
import random
from collections import defaultdict
from typing import Dict, List, Optional, Union

from qwen_agent.llm.schema import ASSISTANT, DEFAULT_SYSTEM_MESSAGE, FUNCTION, SYSTEM, USER, Message
from qwen_agent.settings import DEFAULT_MAX_INPUT_TOKENS
from qwen_agent.utils import tokenization_qwen as tokenizer


class BaseChatModel:
    def __init__(self, cfg: Optional[Dict] = None):
        cfg = cfg or {}
        self.model = cfg.get('model', '')
        self.generate_cfg = copy.deepcopy(cfg.get('generate_cfg', {}))

    def chat(self, messages: List[Union[Message, Dict]], functions: Optional[List[Dict]] = None,
             stream: bool = True, extra_generate_cfg: Optional[Dict] = None):
        messages = [Message(**m) if isinstance(m, dict) else m for m in copy.deepcopy(messages)]
        generate_cfg = {**self.generate_cfg, **(extra_generate_cfg or {})}
        if 'seed' not in generate_cfg:
            # a sampling parameter, sent beside the messages, not in them
            generate_cfg['seed'] = random.randint(a=0, b=2**30)
        lang = generate_cfg.pop('lang', 'en')
        if DEFAULT_SYSTEM_MESSAGE and messages[0].role != SYSTEM:
            messages = [Message(role=SYSTEM, content=DEFAULT_SYSTEM_MESSAGE)] + messages
        max_input_tokens = generate_cfg.pop('max_input_tokens', DEFAULT_MAX_INPUT_TOKENS)
        if max_input_tokens > 0:
            # the budget is re-applied to the whole history on every call
            messages = _truncate_input_messages_roughly(messages=messages, max_tokens=max_input_tokens)  # expect: PL301
        messages = self._preprocess_messages(messages, lang=lang, generate_cfg=generate_cfg, functions=functions)
        if functions:
            return self._chat_with_functions(messages=messages, functions=functions, stream=stream,
                                             generate_cfg=generate_cfg, lang=lang)
        return self._chat(messages, stream=stream, generate_cfg=generate_cfg)

    def _preprocess_messages(self, messages, lang, generate_cfg, functions=None):
        return messages

    def _chat(self, messages, stream, generate_cfg):
        raise NotImplementedError

    def _chat_with_functions(self, messages, functions, stream, generate_cfg, lang):
        raise NotImplementedError

    @staticmethod
    def _conv_qwen_agent_messages_to_oai(messages: List[Dict]) -> List[Dict]:
        new_messages = []
        for msg in messages:
            if msg['role'] == ASSISTANT:
                if new_messages[-1]['role'] != ASSISTANT:
                    new_messages.append({'role': ASSISTANT})
                if msg.get('content'):
                    new_messages[-1]['content'] = msg['content']
                if msg.get('reasoning_content'):
                    new_messages[-1]['reasoning_content'] = msg['reasoning_content']
                if msg.get('function_call'):
                    new_messages[-1].setdefault('tool_calls', []).append({
                        'id': msg.get('extra', {}).get('function_id', '1'),
                        'type': 'function',
                        'function': {'name': msg['function_call']['name'],
                                     'arguments': msg['function_call']['arguments']},
                    })
            elif msg['role'] == FUNCTION:
                new_msg = copy.deepcopy(msg)
                new_msg['role'] = 'tool'
                new_msg['id'] = msg.get('extra', {}).get('function_id', '1')
                new_messages.append(new_msg)
            else:
                new_messages.append(msg)
        return new_messages


def _truncate_input_messages_roughly(messages: List[Message], max_tokens: int) -> List[Message]:
    def _count_tokens(msg: Message) -> int:
        return tokenizer.count_tokens(str(msg.content))

    available_token = max_tokens
    message_tokens = defaultdict(int)
    per_user_turn = defaultdict(list)
    new_messages = []
    last_user_idx = None
    for idx, msg in enumerate(messages):
        if msg.role == SYSTEM:
            new_messages.append(msg)
            available_token = max_tokens - _count_tokens(msg)
            continue
        message_tokens[idx] = _count_tokens(msg)
        if msg.role == USER:
            last_user_idx = idx
        per_user_turn[last_user_idx].append((idx, msg))
    exceedance = sum(message_tokens.values()) - available_token
    if exceedance <= 0:
        return messages
    # oldest turns go first, then function results become 'omit', until the rest fits
    for user_idx, turn in per_user_turn.items():
        if exceedance <= 0:
            new_messages += [m for _, m in turn]
            continue
        turn_tokens = sum(message_tokens[i] for i, _ in turn)
        if turn_tokens <= exceedance:
            exceedance -= turn_tokens
            continue
        kept = []
        for i, m in turn:
            if m.role == FUNCTION and exceedance > 0:
                m = Message(role=FUNCTION, name=m.name, content='omit')
                exceedance -= message_tokens[i]
            kept.append(m)
        new_messages += kept
    return new_messages

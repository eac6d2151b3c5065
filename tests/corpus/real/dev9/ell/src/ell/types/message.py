"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:src/ell/types/message.py (lines 125-131, 311-313, 416-423, 466-489), trimmed; not the original text."""
# With parallel=True the tool results are collected in completion order; the message is
# appended to the caller's history (examples/future/parallel_tool_calls.py 31-34) and the
# OpenAI provider sends one role=tool message per result in that order.
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import List

from pydantic import BaseModel


class ContentBlock(BaseModel):
    text: str | None = None
    tool_call: object | None = None


class Message(BaseModel):
    role: str
    content: List[ContentBlock]

    def call_tools_and_collect_as_message(self, parallel=False, max_workers=None):
        if parallel:
            with ThreadPoolExecutor(max_workers=max_workers) as executor:
                futures = [executor.submit(c.tool_call.call_and_collect_as_content_block) for c in self.content if c.tool_call]
                content = [future.result() for future in as_completed(futures)]  # expect: PL201
        else:
            content = [c.tool_call.call_and_collect_as_content_block() for c in self.content if c.tool_call]
        return Message(role="user", content=content)


def system(content) -> Message:
    return Message(role="system", content=[ContentBlock(text=content)])


def user(content) -> Message:
    return Message(role="user", content=[ContentBlock(text=content)])

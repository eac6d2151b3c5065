"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/coders/chat_chunks.py
(lines 1-64), trimmed; not the original text.

The request is assembled from chunks in a fixed order; at most three cache_control breakpoints.
"""

from dataclasses import dataclass, field
from typing import List


@dataclass
class ChatChunks:
    system: List = field(default_factory=list)
    examples: List = field(default_factory=list)
    done: List = field(default_factory=list)
    repo: List = field(default_factory=list)
    readonly_files: List = field(default_factory=list)
    chat_files: List = field(default_factory=list)
    cur: List = field(default_factory=list)
    reminder: List = field(default_factory=list)

    def all_messages(self):
        # clean: fixed order; the chat files follow the history by design (doubtful, see labels)
        return (
            self.system
            + self.examples
            + self.readonly_files
            + self.repo
            + self.done
            + self.chat_files
            + self.cur
            + self.reminder
        )

    def add_cache_control_headers(self):
        # clean: three breakpoints at most, none made in a loop over messages
        if self.examples:
            self.add_cache_control(self.examples)
        else:
            self.add_cache_control(self.system)
        if self.repo:
            self.add_cache_control(self.repo)
        else:
            self.add_cache_control(self.readonly_files)
        self.add_cache_control(self.chat_files)

    def add_cache_control(self, messages):
        if not messages:
            return
        content = messages[-1]["content"]
        if type(content) is str:
            content = dict(type="text", text=content)
        content["cache_control"] = {"type": "ephemeral"}
        messages[-1]["content"] = [content]

    def cacheable_messages(self):
        messages = self.all_messages()
        for i, message in enumerate(reversed(messages)):
            content = message.get("content")
            if isinstance(content, list) and content[0].get("cache_control"):
                return messages[: len(messages) - i]
        return messages

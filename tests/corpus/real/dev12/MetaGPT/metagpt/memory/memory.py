"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/memory/memory.py (lines 20-35, 80-82), trimmed; not the original text."""

from metagpt.schema import Message


class Memory:
    storage: list[Message] = []

    def add(self, message: Message):
        if message in self.storage:
            return
        self.storage.append(message)

    def get(self, k=0) -> list[Message]:
        """Return the most recent k memories, return all when k=0"""
        return self.storage[-k:]

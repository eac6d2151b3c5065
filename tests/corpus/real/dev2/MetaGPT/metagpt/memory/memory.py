"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/memory/memory.py (lines 20-90), trimmed; not the original text."""


class Memory:
    def __init__(self) -> None:
        self.storage: list = []

    def add(self, message) -> None:
        if message not in self.storage:
            self.storage.append(message)

    def get(self, k=0) -> list:
        """The most recent k messages; all of them when k is 0."""
        return self.storage[-k:]

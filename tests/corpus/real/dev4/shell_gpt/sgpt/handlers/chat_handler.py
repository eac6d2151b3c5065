"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/handlers/chat_handler.py (lines 19-177), trimmed; not the original text."""

import json
from pathlib import Path
from typing import Any, Callable, Dict, Generator, List

from ..config import cfg
from ..role import SystemRole
from .handler import Handler

CHAT_CACHE_LENGTH = int(cfg.get("CHAT_CACHE_LENGTH"))
CHAT_CACHE_PATH = Path(cfg.get("CHAT_CACHE_PATH"))


class ChatSession:
    def __init__(self, length: int, storage_path: Path):
        self.length = length
        self.storage_path = storage_path

    def __call__(self, func: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Generator[str, None, None]:
            chat_id = kwargs.pop("chat_id", None)
            if not chat_id:
                yield from func(*args, **kwargs)
                return
            # the stored conversation, in order, then this turn's messages after it
            previous_messages = self._read(chat_id)
            for message in kwargs["messages"]:
                previous_messages.append(message)
            kwargs["messages"] = previous_messages
            response_text = ""
            for word in func(*args, **kwargs):
                response_text += word
                yield word
            previous_messages.append({"role": "assistant", "content": response_text})
            self._write(kwargs["messages"], chat_id)

        return wrapper

    def _read(self, chat_id: str) -> List[Dict[str, str]]:
        file_path = self.storage_path / chat_id
        if not file_path.exists():
            return []
        return json.loads(file_path.read_text())

    def _write(self, messages: List[Dict[str, str]], chat_id: str) -> None:
        # keeps the role message and the last self.length messages, on every write: the window slides
        truncated_messages = (
            messages[:1] + messages[1 + max(0, len(messages) - self.length) :]  # expect: PL301
        )
        json.dump(truncated_messages, (self.storage_path / chat_id).open("w"))


class ChatHandler(Handler):
    chat_session = ChatSession(CHAT_CACHE_LENGTH, CHAT_CACHE_PATH)

    def __init__(self, chat_id: str, role: SystemRole, markdown: bool) -> None:
        super().__init__(role, markdown)
        self.chat_id = chat_id

    @property
    def initiated(self) -> bool:
        return bool(self.chat_session._read(self.chat_id))

    def make_messages(self, prompt: str) -> List[Dict[str, str]]:
        messages = []
        if not self.initiated:
            messages.append({"role": "system", "content": self.role.role})
        messages.append({"role": "user", "content": prompt})
        return messages

    @chat_session
    def get_completion(self, **kwargs: Any) -> Generator[str, None, None]:
        yield from super().get_completion(**kwargs)

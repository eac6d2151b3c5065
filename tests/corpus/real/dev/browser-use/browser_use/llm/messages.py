"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/messages.py
(lines 29-230), trimmed; not the original text.
"""

from pydantic import BaseModel


class ContentPartTextParam(BaseModel):
    text: str
    type: str = "text"


class BaseMessage(BaseModel):
    content: str | list[ContentPartTextParam]
    cache: bool = False

    @property
    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text for p in self.content)


class SystemMessage(BaseMessage):
    role: str = "system"


class UserMessage(BaseMessage):
    role: str = "user"


class AssistantMessage(BaseMessage):
    role: str = "assistant"

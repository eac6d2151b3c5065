"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/message_types.py (lines 13-44), trimmed; not the original text."""

from typing import Any

from langchain_core.messages import FunctionMessage, ToolMessage
from langgraph.graph.message import add_messages
from pydantic import Field


class LiberalFunctionMessage(FunctionMessage):
    content: Any = Field(default="")


class LiberalToolMessage(ToolMessage):
    content: Any = Field(default="")


def add_messages_liberal(left, right):
    if not isinstance(left, list):
        left = [left]
    if not isinstance(right, list):
        right = [right]
    return add_messages(left, right)

"""Synthetic conversations the render check replays through a chat template.

Each scenario is a conversation as an engine sees it, one request at a time: the
messages of a request end with a user message or a tool result, and the assistant's
reply (what the model generated) is appended before the next request. Scenarios cover
what real clients send: with and without a system message, tools with an agent loop
(assistant tool calls, tool results), and reasoning either inside the content
(`<think>…</think>`) or in `reasoning_content` — the two ways clients send it back.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, replace
from typing import Any

from promptlint.templates.modes import DEFAULT_MODE, Mode

Message = dict[str, Any]

SYSTEM = (
    "You are Quill, the assistant of the Harbor documentation team. Answer briefly, "
    "quote the page you used, and say so when the documentation does not cover a question."
)
USER_TURNS = (
    "How do I rotate the API keys of a project?",
    "How often should we rotate them?",
    "Summarise both answers in one line.",
)
ANSWERS = (
    "Open Settings → API keys, press Rotate, then update your clients (page: keys/rotate).",
    "Every 90 days, or at once when a key may have leaked (page: security/policy).",
    "Rotate keys in Settings every 90 days or after a leak.",
)
REASONING = (
    "The user asks about key rotation. The keys/rotate page describes the Rotate button.",
    "Rotation frequency is in the security policy page: 90 days.",
    "Combine the two earlier answers into a single sentence.",
)
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "search_docs",
            "description": "Search the Harbor documentation.",
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Search terms."},
                    "limit": {"type": "integer", "description": "Maximum number of results."},
                },
                "required": ["query"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "open_page",
            "description": "Open a documentation page by its path.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string", "description": "Page path."}},
                "required": ["path"],
            },
        },
    },
]
TOOL_RESULTS = (
    '{"results": [{"path": "keys/rotate", "title": "Rotating API keys"}]}',
    '{"path": "security/policy", "text": "Rotate keys every 90 days."}',
)

DOCUMENTS = (
    {"title": "Rotating API keys", "text": "Open Settings, API keys, and press Rotate."},
    {"title": "Security policy", "text": "Rotate keys every 90 days."},
)


@dataclass(frozen=True)
class Request:
    """One request: the messages sent, and the reply the model generated for it."""

    messages: list[Message]
    reply: Message
    # True when the request was triggered by a new user message (not a tool result).
    user_turn: bool


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    system: bool = False
    tools: bool = False
    # None, "content" (<think>…</think> inside content) or "field" (reasoning_content).
    reasoning: str | None = None
    # The template mode: kwargs (chat_template_kwargs) passed on every request.
    mode: Mode = DEFAULT_MODE
    # Tool-call arguments as a JSON string (OpenAI wire format) instead of an object
    # (the transformers convention); some templates only accept one of the two.
    string_arguments: bool = False
    # Pass `documents` (transformers' RAG input) for templates that require them.
    documents: bool = False

    @property
    def kwargs(self) -> dict[str, Any]:
        return self.mode.kwargs

    @property
    def label(self) -> str:
        """The scenario and its mode, as reports name it: "tools [enable_thinking=true]"."""
        return self.name if self.mode == DEFAULT_MODE else f"{self.name} [{self.mode.name}]"

    def documents_list(self) -> list[dict[str, str]] | None:
        return [dict(d) for d in DOCUMENTS] if self.documents else None

    def tools_list(self) -> list[dict[str, Any]] | None:
        return copy.deepcopy(TOOLS) if self.tools else None

    def requests(self) -> list[Request]:
        """The requests of the conversation, in order (each extends the previous one)."""
        history: list[Message] = []
        if self.system:
            history.append({"role": "system", "content": SYSTEM})
        out: list[Request] = []
        for turn, user in enumerate(USER_TURNS):
            history.append({"role": "user", "content": user})
            user_turn = True
            if self.tools and turn < len(TOOL_RESULTS):
                call = self._tool_call_reply(turn)
                out.append(Request(copy.deepcopy(history), call, user_turn))
                history.append(call)
                history.append(
                    {
                        "role": "tool",
                        "tool_call_id": _call_id(turn),
                        "name": call["tool_calls"][0]["function"]["name"],
                        "content": TOOL_RESULTS[turn],
                    }
                )
                user_turn = False
            reply = self._reply(ANSWERS[turn], REASONING[turn])
            out.append(Request(copy.deepcopy(history), reply, user_turn))
            history.append(reply)
        return out

    def _reply(self, content: str, reasoning: str) -> Message:
        if self.reasoning == "content":
            return {"role": "assistant", "content": f"<think>\n{reasoning}\n</think>\n\n{content}"}
        if self.reasoning == "field":
            return {"role": "assistant", "content": content, "reasoning_content": reasoning}
        return {"role": "assistant", "content": content}

    def _tool_call_reply(self, turn: int) -> Message:
        name, args = (
            ("search_docs", {"query": "rotate API keys"})
            if turn == 0
            else ("open_page", {"path": "security/policy"})
        )
        reply = self._reply("", f"I should call {name} first.")
        reply["tool_calls"] = [
            {
                "id": _call_id(turn),
                "type": "function",
                "function": {
                    "name": name,
                    # Sorted as a client serialises arguments it re-sends every turn.
                    "arguments": json.dumps(args, sort_keys=True)
                    if self.string_arguments
                    else args,
                },
            }
        ]
        return reply

    def reasoning_texts(self) -> list[str]:
        if self.reasoning is None:
            return []
        return [*REASONING, "I should call search_docs first.", "I should call open_page first."]


def _call_id(turn: int) -> str:
    # Nine alphanumerics: Mistral templates reject any other tool-call id.
    return f"call{turn + 1:05d}"


BASE_SCENARIO = Scenario("chat", "user and assistant turns, no system message")

SCENARIOS: tuple[Scenario, ...] = (
    BASE_SCENARIO,
    Scenario("system", "a system message, then user and assistant turns", system=True),
    Scenario(
        "reasoning-field",
        "assistant replies carry reasoning in reasoning_content",
        system=True,
        reasoning="field",
    ),
    Scenario(
        "reasoning-in-content",
        "assistant replies carry reasoning as <think>…</think> in the content",
        system=True,
        reasoning="content",
    ),
    Scenario(
        "tools", "tools and an agent loop (tool calls, tool results)", system=True, tools=True
    ),
    Scenario(
        "tools-reasoning",
        "tools, an agent loop, and reasoning in reasoning_content",
        system=True,
        tools=True,
        reasoning="field",
    ),
)


def scenarios_for(modes: list[Mode]) -> list[Scenario]:
    """The scenarios to replay, in each mode the template documents.

    The default mode replays every scenario. A mode that switches reasoning off replays
    the conversations without reasoning (the model generates none); a mode about
    reasoning replays the ones with reasoning; any other mode replays them all.
    """
    chosen = list(SCENARIOS)
    for mode in modes:
        if mode == DEFAULT_MODE:
            continue
        for scenario in SCENARIOS:
            if mode.reasoning_off and scenario.reasoning is not None:
                continue
            if mode.about_reasoning and not mode.reasoning_off and scenario.reasoning is None:
                continue
            if scenario is BASE_SCENARIO:
                continue  # "system" covers it in every non-default mode
            chosen.append(replace(scenario, mode=mode))
    return chosen

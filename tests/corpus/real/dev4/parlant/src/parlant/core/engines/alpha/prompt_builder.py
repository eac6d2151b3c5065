"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/prompt_builder.py (lines 85-365), trimmed; not the original text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum, auto
from io import StringIO
from typing import Any, Optional, Sequence


class BuiltInSection(Enum):
    AGENT_IDENTITY = auto()
    CUSTOMER_IDENTITY = auto()
    INTERACTION_HISTORY = auto()


@dataclass(frozen=True)
class PromptSection:
    template: str
    props: dict[str, Any]
    status: Optional[str]


class PromptBuilder:
    def __init__(self, on_build=None) -> None:
        self.sections: dict[str | BuiltInSection, PromptSection] = {}
        self._on_build = on_build

    def build(self) -> str:
        buffer = StringIO()
        # sections are rendered in the order they were added (a dict keeps insertion order)
        for section in self.sections.values():
            buffer.write(section.template.format(**section.props))
            buffer.write("\n\n")
        prompt = buffer.getvalue().strip()
        if self._on_build:
            self._on_build(prompt)
        return prompt

    def add_section(self, name, template: str, props: dict[str, Any] = {}, status=None) -> PromptBuilder:
        if name in self.sections:
            raise ValueError(f"Section '{name}' was already added")
        self.sections[name] = PromptSection(template=template, props=props, status=status)
        return self

    @staticmethod
    def adapt_event(e) -> str:
        data = e.data
        if e.kind == "message":
            data = {"participant": e.data["participant"]["display_name"], "message": e.data["message"]}
        if e.kind == "tool":
            data = {
                "tool_calls": [
                    {"tool_id": tc["tool_id"], "arguments": tc["arguments"], "result": tc["result"]["data"]}
                    for tc in e.data["tool_calls"]
                ]
            }
        source_map = {"customer": "user", "ai_agent": "ai_agent", "system": "system-provided"}
        return json.dumps({"event_kind": e.kind, "event_source": source_map[e.source], "data": data})

    def add_agent_identity(self, agent) -> PromptBuilder:
        if agent.description:
            self.add_section(
                name=BuiltInSection.AGENT_IDENTITY,
                template="\nYou are an AI agent named {agent_name}.\n\nYour background: ###\n{agent_description}\n###\n",
                props={"agent_name": agent.name, "agent_description": agent.description},
            )
        return self

    def add_customer_identity(self, customer, session) -> PromptBuilder:
        self.add_section(
            name=BuiltInSection.CUSTOMER_IDENTITY,
            template="\nThe user you are talking to is called {customer_name}.\n",
            # session_id is kept for tracing (props); the template never renders it
            props={"customer_name": customer.name, "session_id": session.id},
        )
        return self

    def add_interaction_history(self, events: Sequence[Any]) -> PromptBuilder:
        if events:
            interaction_events = [self.adapt_event(e) for e in events if e.kind != "status"]
            self.add_section(
                name=BuiltInSection.INTERACTION_HISTORY,
                template="\nThe interaction so far: ###\n{interaction_events}\n###\n",
                props={"interaction_events": interaction_events},
            )
        else:
            self.add_section(name=BuiltInSection.INTERACTION_HISTORY, template="\nNo events yet.\n")
        return self

    def add_context_variables(self, variables) -> PromptBuilder:
        from parlant.core.engines.alpha.utils import context_variables_to_json

        if variables:
            self.add_section(name="context-variables", template="\nContext: ###\n{context_values}\n###\n",
                             props={"context_values": context_variables_to_json(variables)})
        return self

    def add_glossary(self, terms) -> PromptBuilder:
        if terms:
            terms_string = "\n".join(f"{i}) {t!r}" for i, t in enumerate(terms, start=1))
            self.add_section(name="glossary", template="\nGlossary: ###\n{terms_string}\n###\n",
                             props={"terms_string": terms_string})
        return self

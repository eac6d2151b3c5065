"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/agent/tiny_person.py (lines 186-195, 222-395, 622-830, 1153-1220, 1305-1311, 1547-1595, 1817-1830), trimmed; not the original text."""

import json
import os
import textwrap

import chevron

from tinytroupe.agent.action_generator import ActionGenerator
from tinytroupe.agent.memory import EpisodicMemory
from tinytroupe.utils.llm import LLMChat


class TinyPerson:
    MAX_EPISODE_LENGTH = 50

    def __init__(self, name, environment=None):
        self.name = name
        self.environment = environment
        # config.ini: EPISODIC_MEMORY_FIXED_PREFIX_LENGTH=10, EPISODIC_MEMORY_LOOKBACK_LENGTH=20
        self.episodic_memory = EpisodicMemory(fixed_prefix_length=10, lookback_length=20)
        self.action_generator = ActionGenerator()
        self._mental_faculties = []
        self._persona = {"name": name, "age": None, "nationality": None, "occupation": None}
        self._mental_state = {
            "datetime": None,
            "location": None,
            "context": [],
            "goals": [],
            "attention": None,
            "emotions": "Calm.",
        }
        self._extended_agent_summary = None
        self._prompt_template_path = os.path.join(os.path.dirname(__file__), "prompts/tiny_person.v2.mustache")
        self.reset_prompt()

    def generate_agent_system_prompt(self):
        with open(self._prompt_template_path, "r", encoding="utf-8", errors="replace") as f:
            agent_prompt_template = f.read()
        # the template reads persona keys; the cognitive-state fields it names are not in this dict
        template_variables = self._persona.copy()
        template_variables["persona"] = json.dumps(self._persona.copy(), indent=4)
        template_variables["mental_state"] = json.dumps(self._mental_state, indent=4)
        definitions = "".join(f"{faculty.actions_definitions_prompt()}\n" for faculty in self._mental_faculties)
        template_variables["actions_definitions_prompt"] = textwrap.indent(definitions.strip(), "  ")
        # recent episodic memories close the system prompt
        template_variables["working_episodic_memory"] = textwrap.indent(
            self._render_recent_episodic_memories_for_prompt().strip(), "  "
        )
        return chevron.render(agent_prompt_template, template_variables)

    def _render_recent_episodic_memories_for_prompt(self) -> str:
        episodes = self.retrieve_recent_memories()
        lines = []
        for msg in episodes:
            stamp = msg.get("simulation_timestamp")
            stamp_str = f" [@{stamp}]" if stamp else ""
            if msg.get("role") == "user":
                for s in msg.get("content", {}).get("stimuli", []):
                    lines.append(f"- [STIMULUS:{s.get('type')}] from {s.get('source') or 'ENV'}{stamp_str}: {s.get('content')}")
            elif msg.get("role") == "assistant":
                action = msg.get("content", {}).get("action", {}) or {}
                lines.append(f"- [ACTION:{action.get('type')}]{stamp_str}: {action.get('content')}")
        return "\n".join(lines) if lines else "(No recent episodic memories available)"

    def reset_prompt(self):
        self._init_system_message = self.generate_agent_system_prompt()
        self.current_messages = [{"role": "system", "content": self._init_system_message}]
        self.current_messages.append(
            {"role": "user", "content": "Now produce your next actions for this turn, in order, ending with DONE."}
        )

    def retrieve_recent_memories(self) -> list:
        return self.episodic_memory.retrieve_recent()

    def store_in_memory(self, value) -> None:
        self.episodic_memory.store(value)

    def iso_datetime(self):
        if self.environment is not None and self.environment.current_datetime is not None:
            return self.environment.current_datetime.isoformat()
        return None

    def act(self):
        def _commit_action(action, role, content):
            # each action is stored once with the simulated time of that moment
            self.store_in_memory(
                {
                    "role": role,
                    "content": {"action": action},
                    "type": "action",
                    "simulation_timestamp": self.iso_datetime(),
                }
            )

        def aux_act_once_sequence():
            self.reset_prompt()
            recent = self.episodic_memory.retrieve_recent()
            stimuli = next(
                (m.get("content") for m in reversed(recent) if m.get("role") == "user" and m.get("type") == "stimulus"),
                None,
            )
            if stimuli:
                self.current_messages.append({"role": "user", "content": stimuli})
            actions, role, content = self.action_generator.generate_next_actions(self, self.current_messages)
            for action in actions:
                _commit_action(action, role, content)
                if action.get("type") == "DONE":
                    break

        aux_act_once_sequence()
        self.episodic_memory.commit_episode()

    def minibio(self, requirements=None):
        base_biography = f"{self.name} is a {self._persona['age']} year old {self._persona['occupation']}."
        if self._extended_agent_summary is None:
            self._extended_agent_summary = LLMChat(
                system_prompt=f"""
                    You get a short biography and a full specification of a person.
                    Write 3 or 4 sentences that add to the biography, grounded only in the specification.
                    {"Additional constraints: " + requirements if requirements is not None else ""}
                    """,
                user_prompt=f"""
                    **Short biography:** {base_biography}
                    **Detailed specification:** {self._persona}
                    """,
            ).call()
        return f"{base_biography} {self._extended_agent_summary}"

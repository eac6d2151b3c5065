"""Reconstruction of huggingface/smolagents@e3a5b8994b301983b91c0325546e9dc82eab8cf0:src/smolagents/agents.py
(lines 102-108, 389-403, 639-765, 868-890, 1236-1330, 1536-1640), trimmed; not the original text.

The system prompt is rendered once from a YAML template (package resource) with the tools; every
step rebuilds the messages from memory (system prompt + steps) and calls the model.
"""

import importlib.resources
from typing import Any

import yaml
from jinja2 import StrictUndefined, Template

from smolagents.memory import AgentMemory
from smolagents.models import ChatMessage, MessageRole

BASE_BUILTIN_MODULES = ["collections", "datetime", "itertools", "math", "queue", "random", "re", "stat", "statistics", "time", "unicodedata"]


def populate_template(template: str, variables: dict[str, Any]) -> str:
    return Template(template, undefined=StrictUndefined).render(**variables)


class MultiStepAgent:
    def __init__(self, tools, model, prompt_templates=None, max_steps: int = 20, managed_agents=None, instructions=None, name=None):
        self.model = model
        self.prompt_templates = prompt_templates
        self.max_steps = max_steps
        self.managed_agents = {agent.name: agent for agent in (managed_agents or [])}
        self.instructions = instructions
        self.name = name
        self._setup_tools(tools)
        self.memory = AgentMemory(self.initialize_system_prompt())
        self.task = ""

    def _setup_tools(self, tools):
        # clean: a dict in the order the caller listed the tools
        self.tools = {tool.name: tool for tool in tools}

    def initialize_system_prompt(self) -> str:
        raise NotImplementedError

    def write_memory_to_messages(self, summary_mode: bool = False) -> list[ChatMessage]:
        # clean: system prompt then the steps, appended in order
        messages = self.memory.system_prompt.to_messages(summary_mode=summary_mode)
        for memory_step in self.memory.steps:
            messages.extend(memory_step.to_messages(summary_mode=summary_mode))
        return messages

    def _generate_planning_step(self, task, is_first_step: bool, step: int):
        if is_first_step:
            # clean: the tools come before the task in the planning template; the task is last
            input_messages = [
                ChatMessage(
                    role=MessageRole.USER,
                    content=[{"type": "text", "text": populate_template(self.prompt_templates["planning"]["initial_plan"], variables={"task": task, "tools": self.tools, "managed_agents": self.managed_agents})}],
                )
            ]
        else:
            memory_messages = self.write_memory_to_messages(summary_mode=True)
            plan_update_pre = ChatMessage(
                role=MessageRole.SYSTEM,
                content=[{"type": "text", "text": populate_template(self.prompt_templates["planning"]["update_plan_pre_messages"], variables={"task": task})}],
            )
            # clean: the steps left go into the last message of the planning request
            plan_update_post = ChatMessage(
                role=MessageRole.USER,
                content=[{"type": "text", "text": populate_template(self.prompt_templates["planning"]["update_plan_post_messages"], variables={"task": task, "tools": self.tools, "managed_agents": self.managed_agents, "remaining_steps": (self.max_steps - step)})}],
            )
            input_messages = [plan_update_pre] + memory_messages + [plan_update_post]
        return self.model.generate(input_messages, stop_sequences=["<end_plan>"])

    def __call__(self, task: str, **kwargs):
        # clean: the manager's task goes into the sub-agent's first user message, after its system prompt
        full_task = populate_template(self.prompt_templates["managed_agent"]["task"], variables=dict(name=self.name, task=task))
        report = self.run(full_task, **kwargs)
        return populate_template(self.prompt_templates["managed_agent"]["report"], variables=dict(name=self.name, final_answer=report))

    def run(self, task: str, **kwargs):
        self.task = task
        return None


class ToolCallingAgent(MultiStepAgent):
    def __init__(self, tools, model, prompt_templates=None, **kwargs):
        prompt_templates = prompt_templates or yaml.safe_load(importlib.resources.files("smolagents.prompts").joinpath("toolcalling_agent.yaml").read_text())
        super().__init__(tools=tools, model=model, prompt_templates=prompt_templates, **kwargs)

    @property
    def tools_and_managed_agents(self):
        return list(self.tools.values()) + list(self.managed_agents.values())

    def initialize_system_prompt(self) -> str:
        # clean: rendered once per agent from the template, the tools and the instructions
        system_prompt = populate_template(
            self.prompt_templates["system_prompt"],
            variables={"tools": self.tools, "managed_agents": self.managed_agents, "custom_instructions": self.instructions},
        )
        return system_prompt

    def _step_stream(self, memory_step):
        memory_messages = self.write_memory_to_messages()
        input_messages = memory_messages.copy()
        return self.model.generate(input_messages, stop_sequences=["Observation:", "Calling tools:"], tools_to_call_from=self.tools_and_managed_agents)


class CodeAgent(MultiStepAgent):
    def __init__(self, tools, model, prompt_templates=None, additional_authorized_imports=None, **kwargs):
        self.additional_authorized_imports = additional_authorized_imports if additional_authorized_imports else []
        # clean: the set is sorted before it reaches the system prompt
        self.authorized_imports = sorted(set(BASE_BUILTIN_MODULES) | set(self.additional_authorized_imports))
        self.code_block_tags = ("<code>", "</code>")
        prompt_templates = prompt_templates or yaml.safe_load(importlib.resources.files("smolagents.prompts").joinpath("code_agent.yaml").read_text())
        super().__init__(tools=tools, model=model, prompt_templates=prompt_templates, **kwargs)

    def initialize_system_prompt(self) -> str:
        system_prompt = populate_template(
            self.prompt_templates["system_prompt"],
            variables={
                "tools": self.tools,
                "managed_agents": self.managed_agents,
                "authorized_imports": ("You can import from any package you want." if "*" in self.authorized_imports else str(self.authorized_imports)),
                "custom_instructions": self.instructions,
                "code_block_opening_tag": self.code_block_tags[0],
                "code_block_closing_tag": self.code_block_tags[1],
            },
        )
        return system_prompt

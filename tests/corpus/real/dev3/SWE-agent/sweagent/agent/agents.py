"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/agent/agents.py
(lines 540-551, 561-760, 789-821), trimmed; not the original text.

The default agent: the system message, demonstrations and the instance message are rendered
once per instance into the history; each step appends the action and its observation; each
query sends the history through the configured processors.
"""

from pathlib import Path
from typing import Any

from jinja2 import Template


class DefaultAgent:
    def __init__(self, templates: Any, tools: Any, history_processors: list, model: Any, name: str = "main"):
        self.templates = templates
        self.tools = tools
        self.history_processors = history_processors
        self.model = model
        self.name = name
        self.history: list[dict[str, Any]] = []
        self._problem_statement: Any = None
        self._env: Any = None

    @property
    def messages(self) -> list[dict[str, Any]]:
        # clean here: the processors' own effects are labelled in history_processors.py
        messages = [entry for entry in self.history if entry["agent"] == self.name]
        for processor in self.history_processors:
            messages = processor(messages)
        return messages

    def _append_history(self, item: dict[str, Any]) -> None:
        self.history.append(item)

    def setup(self, env: Any, problem_statement: Any, output_dir: Path = Path(".")) -> None:
        self._problem_statement = problem_statement
        self._env = env
        self.add_system_message_to_history()
        self.add_instance_template_to_history(state=self.tools.get_state(self._env))

    def _get_format_dict(self, **kwargs: Any) -> dict[str, Any]:
        return dict(
            command_docs=self.tools.config.command_docs,
            **self.tools.config.env_variables,
            **kwargs,
            problem_statement=self._problem_statement.get_problem_statement(),
            repo=self._env.repo.repo_name if self._env.repo is not None else "",
        )

    def add_system_message_to_history(self) -> None:
        # clean: rendered once per instance from the configured template and kept
        system_msg = Template(self.templates.system_template).render(**self._get_format_dict())
        self._append_history({"role": "system", "content": system_msg, "agent": self.name, "message_type": "system_prompt"})

    def _add_templated_messages_to_history(self, templates: list[str], tool_call_ids: list[str] | None = None, **kwargs: Any) -> None:
        format_dict = self._get_format_dict(**kwargs)
        # clean: the observation and the environment's state go into a new message, appended
        message = "\n".join(Template(template).render(**format_dict) for template in templates)
        item: dict[str, Any] = {"role": "user", "content": message, "agent": self.name, "message_type": "observation"}
        if tool_call_ids:
            item["role"] = "tool"
            item["tool_call_ids"] = tool_call_ids
        self._append_history(item)

    def add_step_to_history(self, step: Any) -> None:
        self._append_history(
            {"role": "assistant", "content": step.output, "agent": self.name, "tool_calls": step.tool_calls, "message_type": "action"}
        )
        templates = [self.templates.next_step_template if step.observation.strip() else self.templates.next_step_no_output_template]
        self._add_templated_messages_to_history(templates, observation=step.observation, tool_call_ids=step.tool_call_ids, **step.state)

    def add_instance_template_to_history(self, state: dict[str, str]) -> None:
        # clean (doubtful): the configured template puts the problem statement before its static instructions
        templates = [self.templates.instance_template]
        if self.templates.strategy_template is not None:
            templates.append(self.templates.strategy_template)
        self._add_templated_messages_to_history(templates, **state)

    def get_model_requery_history(self, error_template: str, *, output: str, **kwargs: Any) -> list[dict[str, str]]:
        error = Template(error_template).render(**{**kwargs, **self._get_format_dict()})
        # clean: a temporary tail after the unchanged history, dropped once the model recovers
        return self.messages + [
            {"role": "assistant", "content": output, "agent": self.name, "message_type": "assistant"},
            {"role": "user", "content": error, "agent": self.name, "message_type": "user"},
        ]

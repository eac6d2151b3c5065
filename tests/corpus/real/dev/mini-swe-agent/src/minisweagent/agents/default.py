"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/agents/default.py
(lines 19-157), trimmed; not the original text.

The system and instance messages are rendered once when a run starts and kept; every step
appends the model's reply and the observations. Template variables carry a clock (elapsed
seconds) and a call counter, but they only reach messages rendered once and then kept.
"""

import time

from jinja2 import StrictUndefined, Template
from pydantic import BaseModel


class AgentConfig(BaseModel):
    system_template: str
    instance_template: str
    step_limit: int = 0
    cost_limit: float = 3.0
    wall_time_limit_seconds: int = 0


class DefaultAgent:
    def __init__(self, model, env, *, config_class: type = AgentConfig, **kwargs):
        self.config = config_class(**kwargs)
        self.messages: list[dict] = []
        self.model = model
        self.env = env
        self.extra_template_vars = {}
        self.cost = 0.0
        self.n_calls = 0
        self._start_time = time.time()

    def get_template_vars(self, **kwargs) -> dict:
        return {
            **self.config.model_dump(),
            **self.env.get_template_vars(),
            **self.model.get_template_vars(),
            "n_model_calls": self.n_calls,
            "model_cost": self.cost,
            "elapsed_seconds": int(time.time() - self._start_time),
            **self.extra_template_vars,
            **kwargs,
        }

    def _render_template(self, template: str) -> str:
        return Template(template, undefined=StrictUndefined).render(**self.get_template_vars())

    def add_messages(self, *messages: dict) -> list[dict]:
        self.messages.extend(messages)
        return list(messages)

    def run(self, task: str = "", **kwargs) -> dict:
        self.extra_template_vars |= {"task": task, **kwargs}
        self.messages = []
        # clean: rendered once per run and kept as the first two messages of the history
        self.add_messages(
            self.model.format_message(role="system", content=self._render_template(self.config.system_template)),
            self.model.format_message(role="user", content=self._render_template(self.config.instance_template)),
        )
        while True:
            self.step()
            if self.messages[-1].get("role") == "exit":
                break
        return self.messages[-1].get("extra", {})

    def step(self) -> list[dict]:
        return self.execute_actions(self.query())

    def query(self) -> dict:
        if 0 < self.config.step_limit <= self.n_calls or 0 < self.config.cost_limit <= self.cost:
            raise RuntimeError("LimitsExceeded")
        self.n_calls += 1
        # clean: the whole append-only history, every turn
        message = self.model.query(self.messages)
        self.cost += message.get("extra", {}).get("cost", 0.0)
        self.add_messages(message)
        return message

    def execute_actions(self, message: dict) -> list[dict]:
        outputs = [self.env.execute(action) for action in message.get("extra", {}).get("actions", [])]
        # clean: observations are rendered once (with the step counter and clock) and appended
        return self.add_messages(*self.model.format_observation_messages(message, outputs, self.get_template_vars()))

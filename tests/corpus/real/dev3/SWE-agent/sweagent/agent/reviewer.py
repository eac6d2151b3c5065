"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/agent/reviewer.py
(lines 382-430), trimmed; not the original text.
"""

from typing import Any

from jinja2 import Template

from sweagent.agent.history_processors import _set_cache_control


class Reviewer:
    def __init__(self, config: Any, model: Any):
        self._config = config
        self._model = model

    def format_messages(self, instance: Any, submission: Any) -> list[dict]:
        user_message = Template(self._config.instance_template).render(
            problem_statement=instance.get_problem_statement(), **submission.to_format_dict()
        )
        # clean: a static system message and one user message per submission
        return [{"role": "system", "content": self._config.system_template}, {"role": "user", "content": user_message}]

    def review(self, instance: Any, submission: Any) -> list[str]:
        messages = self.format_messages(instance, submission)
        if self._config.n_sample > 1:
            _set_cache_control(messages[-1])
        return [self._model.query(messages)["message"] for _ in range(self._config.n_sample)]

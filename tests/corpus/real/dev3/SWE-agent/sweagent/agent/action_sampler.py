"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/agent/action_sampler.py
(lines 164-209), trimmed; not the original text.
"""

from typing import Any

from jinja2 import Template


class BinaryTrajectoryComparison:
    def __init__(self, config: Any):
        self.config = config

    def _format_trajectory(self, trajectory: list) -> str:
        return "\n".join(str(step) for step in trajectory)

    def format_messages(self, *, problem_statement: Any, trajectory: list, thought1: str, action1: str,
                        thought2: str, action2: str, use_cache_control: bool = False) -> list[dict]:
        user_message = Template(self.config.instance_template).render(
            problem_statement=problem_statement.get_problem_statement(), traj=self._format_trajectory(trajectory)
        )
        comparison_message = Template(self.config.comparison_template).render(
            thought1=thought1, action1=action1, thought2=thought2, action2=action2
        )
        cache_control_kwargs = {"cache_control": {"type": "ephemeral"}} if use_cache_control else {}
        # clean: static system, the trajectory (shared by every comparison of the step), then the pair compared
        return [
            {"role": "system", "content": self.config.system_template},
            {"role": "user", "content": [{"type": "text", "text": user_message, **cache_control_kwargs}]},
            {"role": "user", "content": [{"type": "text", "text": comparison_message}]},
        ]

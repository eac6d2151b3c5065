"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/components/agent/react.py (lines 67-148, 528-549), trimmed; not the original text."""

from typing import Dict, List, Optional

DEFAULT_REACT_AGENT_SYSTEM_PROMPT = (
    r"""<START_OF_SYSTEM_PROMPT>
{{task_desc}}
- You cant use more than {{max_steps}} steps. At the {{max_steps}}th current step, must finish with answer.
{% if tools %}
<START_OF_TOOLS>
Tools and instructions:
{% for tool in tools %}
{{ loop.index }}.
{{tool}}
------------------------
{% endfor %}
<END_OF_TOOLS>
{% endif %}
<START_OF_OUTPUT_FORMAT>
{{output_format_str}}
<END_OF_OUTPUT_FORMAT>
<END_OF_SYSTEM_PROMPT>
-----------------
<START_OF_USER_PROMPT>
<START_OF_USER_QUERY>
Input query:
{{ input_str }}
<END_OF_USER_QUERY>
<START_OF_STEP_HISTORY>
"""
    r"""Current Step/Max Step: {{step_history|length + 1}} / {{max_steps}}"""  # expect: PL104
    r"""
{% if step_history %}
<STEPS>
Your previous steps:
{% for history in step_history %}
Step {{ loop.index }}.
"name": "{{history.action.name}},
"kwargs": {{history.action.kwargs}}",
"Observation": "{{history.observation}}"
------------------------
{% endfor %}
</STEPS>
{% endif %}
<END_OF_USER_PROMPT>
"""
)


class ReActAgent:
    def __init__(self, planner, max_steps: int = 10):
        self.planner = planner
        self.max_steps = max_steps

    def _run_one_step(self, step: int, prompt_kwargs: Dict, model_kwargs: Dict, id: Optional[str] = None, step_history: List = []):
        step_history_value = []
        for step_output in step_history:
            step_history_value.append(step_output)
        prompt_kwargs["step_history"] = step_history_value
        response = self.planner(prompt_kwargs=prompt_kwargs, model_kwargs=model_kwargs, id=id)
        return response

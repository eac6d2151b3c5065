"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/components/agent/prompts.py (lines 32-120), trimmed; not the original text."""

DEFAULT_ADALFLOW_AGENT_SYSTEM_PROMPT = (
    r"""<START_OF_SYSTEM_PROMPT>
{{task_desc}}
- You cant use more than {{max_steps}} steps. At the {{max_steps}}th current step, must set `_is_answer_final` to True and provide the answer.
<START_OF_TOOLS>
{% if tools %}
Tools and instructions:
{% for tool in tools %}
{{ loop.index }}.
{{tool}}
------------------------
{% endfor %}
{% else %}
No tools are provided.
{% endif %}
<END_OF_TOOLS>
<START_OF_OUTPUT_SCHEMA>
{{output_format_str}}
<START_OF_ANSWER_TYPE_SCHEMA>
{{answer_type_schema}}
<END_OF_ANSWER_TYPE_SCHEMA>
<END_OF_OUTPUT_SCHEMA>
<END_OF_SYSTEM_PROMPT>
-------------------------
<START_OF_USER_PROMPT>
{% if chat_history_str %}
<START_OF_CHAT_HISTORY>
{{chat_history_str}}
<END_OF_CHAT_HISTORY>
{% endif %}
<START_OF_USER_QUERY>
Input query:
{{ input_str }}
<END_OF_USER_QUERY>
_____________________

"""
    r"""Current Step/Max Step: {{step_history|length + 1}} / {{max_steps}}"""  # expect: PL104
    r"""
{% if step_history %}
<STEPS>
Your previous steps:
{% for history in step_history %}
Step {{ loop.index }}.
{% if history.action %}
"name": "{{history.action.name}},
"kwargs": {{history.action.kwargs}}",
{% endif %}
"Observation": "{{history.observation}}"
------------------------
{% endfor %}
</STEPS>
{% endif %}
<END_OF_USER_PROMPT>
"""
)

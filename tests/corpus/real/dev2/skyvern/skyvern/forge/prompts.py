"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/prompts.py (lines 1-4), trimmed, with the skyvern/forge/prompts/skyvern/*.j2 templates it loads; not the original text. Static wording reworded.

The original loads each template from a .j2 file; here they sit in a dict with the
placeholders in the original's order.
"""

from jinja2 import DictLoader, Environment

TEMPLATES = {
    "extract-action-static": (
        "Identify the actions that move the user towards the goal, using the DOM elements listed"
        "{% if llm_screenshots_enabled %} and the screenshot{% endif %}.\n"
        "Reply with JSON: {\"actions\": [{\"action_type\": str, \"id\": str, \"reasoning\": str}]}\n"
        "Action types: CLICK, INPUT_TEXT, SELECT_OPTION, WAIT, COMPLETE, TERMINATE"
        "{{ ', GOTO_URL' if enable_new_planner_actions else '' }}.\n"
        "Consider the action history of the previous steps before choosing."
    ),
    "extract-action-dynamic": (
        "User goal:\n{{ navigation_goal }}\n\nUser details:\n{{ navigation_payload_str }}\n\n"
        "{% if error_code_mapping_str %}Error codes:\n{{ error_code_mapping_str }}\n\n{% endif %}"
        "Action history:\n{{ action_history }}\n\nCurrent URL: {{ current_url }}\n\nElements:\n{{ elements }}\n\n"
        "Current datetime, ISO format:\n{{ local_datetime }}"
    ),
    "extract-action": (
        "Identify the actions that move the user towards the goal, using the DOM elements listed.\n"
        "Reply with JSON: {\"actions\": [{\"action_type\": str, \"id\": str, \"reasoning\": str}]}\n\n"
        "User goal:\n{{ navigation_goal }}\n\nUser details:\n{{ navigation_payload_str }}\n\n"
        "{% if error_code_mapping_str %}Error codes:\n{{ error_code_mapping_str }}\n\n{% endif %}"
        "{% if stable_prefix_ordering %}Current URL: {{ current_url }}\n\nElements:\n{{ elements }}\n\nAction history:\n{{ action_history }}"
        "{% else %}Action history:\n{{ action_history }}\n\nCurrent URL: {{ current_url }}\n\nElements:\n{{ elements }}{% endif %}\n\n"
        "Current datetime, ISO format:\n{{ local_datetime }}"
    ),
    "workflow-copilot-agent": (
        "You are an expert Skyvern workflow assistant with tools to build, validate, test and debug browser workflows.\n"
        "You build workflows; you do not answer from what you saw while testing.\n\n"
        "{% if security_rules %}{{ security_rules }}\n\n{% endif %}"
        "WORKFLOW KNOWLEDGE BASE:\n{{ workflow_knowledge_base }}\n\n"
        "TOOLS:\n{{ tool_usage_guide }}\n\n"
        "Current datetime, ISO format:\n```\n{{ current_datetime }}\n```"
    ),
    "workflow-copilot-user": (
        "Current workflow:\n```yaml\n{{ workflow_yaml }}\n```\n\n"
        "Chat history:\n```\n{{ chat_history }}\n```\n\n"
        "Context:\n```\n{{ global_llm_context }}\n```\n\n"
        "User message:\n```\n{{ user_message }}\n```"
    ),
}


class PromptEngine:
    def __init__(self) -> None:
        self.env = Environment(loader=DictLoader(TEMPLATES))

    def load_prompt(self, template: str, **kwargs) -> str:
        return self.env.get_template(template).render(**kwargs)


prompt_engine = PromptEngine()

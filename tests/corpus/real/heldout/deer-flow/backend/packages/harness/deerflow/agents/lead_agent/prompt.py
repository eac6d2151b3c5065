"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/agents/lead_agent/prompt.py (lines 705-750, 810-878, 993-1084), trimmed; not the original text."""
from functools import lru_cache

from deerflow.skills.storage import get_or_new_skill_storage
from deerflow.tools.builtins.tool_search import get_deferred_tools_prompt_section

SYSTEM_PROMPT_TEMPLATE = """<role>
You are {agent_name}, an open-source super agent.
</role>
{soul}
{skills_section}
{deferred_tools_section}
<critical_reminders>
- Clarification First: ALWAYS clarify unclear/missing/ambiguous requirements BEFORE starting work.
{subagent_reminder}- Always Respond: Your thinking is internal. You MUST always provide a visible response to the user after thinking.
</critical_reminders>
"""


def _get_memory_context(agent_name=None, *, app_config=None, user_id=None) -> str:
    from deerflow.agents.memory import get_memory_manager

    memory_content = get_memory_manager().get_context(user_id=user_id, agent_name=agent_name)
    if not memory_content.strip():
        return ""
    return f"""<memory>
{memory_content}
</memory>
"""


def get_skills_prompt_section(available_skills=None, *, app_config=None, user_id=None, skill_names=None) -> str:
    skills = list(get_or_new_skill_storage(app_config=app_config).load_skills(enabled_only=True))
    if not skills:
        return ""
    available_key = tuple(sorted(available_skills)) if available_skills is not None else None
    items = "\n".join(f"    <skill><name>{s.name}</name><description>{s.description}</description></skill>" for s in skills if available_key is None or s.name in available_key)
    return f"<skill_system>\n<available_skills>\n{items}\n</available_skills>\n</skill_system>"


@lru_cache(maxsize=32)
def apply_prompt_template(subagent_enabled=False, max_concurrent_subagents=3, *, agent_name=None, available_skills=None, app_config=None, deferred_names=frozenset(), user_id=None, skill_names=None) -> str:
    n = max_concurrent_subagents
    subagent_reminder = f"- **Benefit-Based Delegation**: max {n} task calls per response.\n" if subagent_enabled else ""
    skills_section = get_skills_prompt_section(available_skills, app_config=app_config, user_id=user_id, skill_names=skill_names)
    deferred_tools_section = get_deferred_tools_prompt_section(deferred_names=deferred_names)
    return SYSTEM_PROMPT_TEMPLATE.format(
        agent_name=agent_name or "DeerFlow 2.0",
        soul="",
        skills_section=skills_section,
        deferred_tools_section=deferred_tools_section,
        subagent_reminder=subagent_reminder,
    )

"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/server/chat/interceptors/skills_loop_interceptor.py (lines 44-180), trimmed; not the original text.

Before each LLM iteration the skill layers of the system prompt are rebuilt from the tool
calls of the history: a loaded skill leaves the catalog and its body joins the system prompt.
"""

import json

from llama_index.core.base.llms.types import MessageRole

from private_gpt.components.context.models.context_layer import SkillBodyLayer, SkillCatalogEntry, SkillCatalogLayer
from private_gpt.components.context.models.layer_type import LayerType

SKILL_LOAD_TOOL_NAME = "load_skill"
SKILL_UNLOAD_TOOL_NAME = "unload_skill"
_SKILL_TOOL_CALL_NAMES = {SKILL_LOAD_TOOL_NAME, SKILL_UNLOAD_TOOL_NAME}


def _resolve_skill_states(conversation, maximum_loaded_skills=None) -> tuple[set[str], set[str]]:
    loaded_order: list[str] = []
    to_remove: set[str] = set()
    for msg in conversation:
        if msg.role != MessageRole.TOOL:
            continue
        call_name = msg.additional_kwargs.get("name")
        if call_name not in _SKILL_TOOL_CALL_NAMES:
            continue
        data = json.loads(msg.content or "{}")
        skill_name = data.get("name")
        if not skill_name:
            continue
        if call_name == SKILL_LOAD_TOOL_NAME and "error" not in data:
            if skill_name in loaded_order:
                loaded_order.remove(skill_name)
            loaded_order.append(skill_name)
            to_remove.discard(skill_name)
            if maximum_loaded_skills is not None and len(loaded_order) > maximum_loaded_skills:
                to_remove.add(loaded_order.pop(0))
        elif call_name == SKILL_UNLOAD_TOOL_NAME and data.get("unloaded"):
            if skill_name in loaded_order:
                loaded_order.remove(skill_name)
            to_remove.add(skill_name)
    # Only membership is read from these sets.
    return set(loaded_order), to_remove


class SkillsInterceptor:
    def __init__(self, skill_service, skill_injection_mode: str = "system_prompt") -> None:
        self._skill_service = skill_service
        self._skill_injection_mode = skill_injection_mode

    async def intercept(self, context) -> None:
        state = context.state
        stack = state.input.context_stack
        stack = stack.remove_layers_of_type(LayerType.SKILL_CATALOG)
        stack = stack.remove_layers_of_type(LayerType.SKILL_BODY)
        entries = state.runtime.cache.skill.entries if state.runtime.cache.skill else []
        if not entries:
            state.input.context_stack = stack
            context.set_state(state)
            return

        active_skill_names, to_remove_names = _resolve_skill_states(  # expect: PL104
            state.input.request.messages,
            maximum_loaded_skills=state.input.request.context.maximum_loaded_skills,
        )
        active_versions: list = []
        catalog_entries: list = []
        for entry in entries:
            version = entry.version
            name = version.frontmatter.name
            if entry.skill.loading == "eager":
                active_versions.append(version)
            elif name in active_skill_names:
                if self._skill_injection_mode == "system_prompt":
                    active_versions.append(version)
            else:
                catalog_entries.append(
                    SkillCatalogEntry(id=version.skill_id, name=name, description=version.frontmatter.description, loading=entry.skill.loading)
                )
        if catalog_entries and self._skill_injection_mode == "system_prompt":
            stack = stack.append_layer(SkillCatalogLayer(entries=catalog_entries, source="skills"))
        for version in active_versions:
            instructions = await self._skill_service.get_skill_body(version)
            stack = stack.append_layer(
                SkillBodyLayer(skill_id=version.skill_id, name=version.frontmatter.name, instructions=instructions, source=f"skill:{version.frontmatter.name}")
            )
        state.input.context_stack = stack
        context.set_state(state)

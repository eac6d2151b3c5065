"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/agent.py (lines 5200-5595), trimmed; not the original text.

One request per step: the rendered prompt is the single user message; with caching
on, the static half is also sent first as a cached system message.
"""

import json
from dataclasses import dataclass
from datetime import datetime

from skyvern.forge.prompts import prompt_engine

EXTRACT_ACTION_TEMPLATE = "extract-action"


@dataclass
class PromptBuildResult:
    prompt: str
    use_caching: bool


class ForgeAgent:
    async def _build_extract_action_prompt(self, task, step, scraped_page, context, actions_and_results_str: str, current_url: str) -> PromptBuildResult:
        template = EXTRACT_ACTION_TEMPLATE
        navigation_payload_str = json.dumps(task.navigation_payload)
        # task.error_code_mapping comes from a JSON (not JSONB) column: the key order is kept
        error_code_mapping_str = json.dumps(task.error_code_mapping) if task.error_code_mapping else None
        local_datetime = datetime.now(context.tz_info).isoformat()
        elements_for_prompt = scraped_page.build_element_tree("html")
        enable_new_planner_actions = context.flag("ENABLE_NEW_PLANNER_ACTIONS")
        stable_prefix_ordering = context.flag("EXTRACT_ACTION_STABLE_PREFIX")
        if context.prompt_caching_enabled:
            prompt_kwargs = {
                "navigation_goal": task.navigation_goal,
                "navigation_payload_str": navigation_payload_str,
                "current_url": current_url,
                "action_history": actions_and_results_str,
                "error_code_mapping_str": error_code_mapping_str,
                "local_datetime": local_datetime,
                "enable_new_planner_actions": enable_new_planner_actions,
                "llm_screenshots_enabled": context.llm_screenshots_enabled,
            }
            static_prompt = prompt_engine.load_prompt(f"{template}-static", **prompt_kwargs)
            dynamic_prompt = prompt_engine.load_prompt(f"{template}-dynamic", elements=elements_for_prompt, **prompt_kwargs)
            context.cached_static_prompt = static_prompt
            combined_prompt = f"{static_prompt.rstrip()}\n\n{dynamic_prompt.lstrip()}"
            return PromptBuildResult(prompt=combined_prompt, use_caching=True)
        full_prompt = prompt_engine.load_prompt(
            template,
            navigation_goal=task.navigation_goal,
            navigation_payload_str=navigation_payload_str,
            current_url=current_url,
            elements=elements_for_prompt,
            action_history=actions_and_results_str,
            error_code_mapping_str=error_code_mapping_str,
            local_datetime=local_datetime,
            stable_prefix_ordering=stable_prefix_ordering,
        )
        return PromptBuildResult(prompt=full_prompt, use_caching=False)

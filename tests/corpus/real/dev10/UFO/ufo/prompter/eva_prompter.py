"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/prompter/eva_prompter.py (lines 37-76, 349-364), trimmed; not the original text."""

import json
from typing import Any, Dict

from config.config_loader import get_ufo_config
from ufo.prompter.basic import BasicPrompter


class EvaluationAgentPrompter(BasicPrompter):
    def system_prompt_construction(self) -> str:
        examples = self.examples_prompt_helper()
        apis = self.api_prompt_template
        ufo_config = get_ufo_config()
        screenshot_key = (
            "screenshots_all" if ufo_config.system.eva_all_screenshots else "screenshots_head_tail"
        )
        screenshots_description = self.prompt_template[screenshot_key]
        # template: ~1.5k chars, {apis}, {screenshots}, ~2.1k chars; one request per session
        return self.prompt_template["system"].format(
            examples=examples, apis=apis, screenshots=screenshots_description
        )

    def user_prompt_construction(self, request: str, trajectory) -> str:
        prompt = self.prompt_template["user"].format(
            request=request,
            trajectory=json.dumps(trajectory, indent=4, sort_keys=True),
        )
        return prompt

    def create_api_prompt_template(self, tool_info_dict: Dict[str, Any]) -> None:
        api_list = []
        for agent_name in tool_info_dict:
            tool_info_prompt = BasicPrompter.tools_to_llm_prompt(tool_info_dict[agent_name])
            api_list.append(f"Tool Info for Agent {agent_name}: {tool_info_prompt}")
        self.api_prompt_template = self.retrieved_documents_prompt_helper("", "", api_list)

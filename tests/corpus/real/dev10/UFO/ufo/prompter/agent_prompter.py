"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/prompter/agent_prompter.py (lines 13-104, 192-279, 342-391), trimmed; not the original text."""

import json
from typing import Any, Dict, List

from config.config_loader import get_ufo_config
from ufo.prompter.basic import BasicPrompter
from ufo.prompter.prompt_sanitizer import sanitize_user_input


class HostAgentPrompter(BasicPrompter):
    def __init__(self, is_visual, prompt_template, example_prompt_template, api_prompt_template):
        super().__init__(is_visual, prompt_template, example_prompt_template)
        self.api_prompt_template = self.load_prompt_template(api_prompt_template)

    def create_api_prompt_template(self, tools: List):
        self.api_prompt_template = BasicPrompter.tools_to_llm_prompt(tools)

    def system_prompt_construction(self) -> str:
        apis = self.api_prompt_template
        examples = self.examples_prompt_helper()
        third_party_instructions = self.third_party_agent_instruction()
        system_key = "system" if self.is_visual else "system_nonvisual"
        # template: ~3.9k chars, {third_party_instructions}, ~5k chars, {apis}, {examples}
        return self.prompt_template[system_key].format(
            apis=apis,
            examples=examples,
            third_party_instructions=third_party_instructions,
        )

    def user_prompt_construction(self, control_item, prev_subtask, prev_plan, user_request, retrieved_docs="") -> str:
        prompt = self.prompt_template["user"].format(
            control_item=json.dumps(control_item),
            prev_plan=json.dumps(prev_plan),
            prev_subtask=json.dumps(prev_subtask),
            user_request=sanitize_user_input(user_request, "user_request"),
            retrieved_docs=sanitize_user_input(retrieved_docs, "retrieved_docs"),
        )
        return prompt

    def third_party_agent_instruction(self) -> str:
        ufo_config = get_ufo_config()
        enabled_third_party_agents = ufo_config.system.enabled_third_party_agents
        third_party_agents_configs = ufo_config.system.third_party_agent_config
        instructions = []
        for agent_name in enabled_third_party_agents:
            agent_config = third_party_agents_configs.get(agent_name, {})
            instructions.append(f"{agent_name}: {agent_config.get('INTRODUCTION', '')}")
        return "\n".join(instructions)

    def examples_prompt_helper(self, header="## Response Examples", separator="Example") -> str:
        example_list = []
        for key, values in self.example_prompt_template.items():
            if key.startswith("example"):
                example_list.append(
                    f"[User Request]:\n{values.get('Request')}\n[Response]:\n{json.dumps(values.get('Response'))}"
                )
        return self.retrieved_documents_prompt_helper(header, separator, example_list)


class AppAgentPrompter(BasicPrompter):
    def __init__(self, is_visual, prompt_template, example_prompt_template):
        super().__init__(is_visual, prompt_template, example_prompt_template)
        self.api_prompt_template = None

    def create_api_prompt_template(self, tools: List):
        self.api_prompt_template = BasicPrompter.tools_to_llm_prompt(tools)

    def system_prompt_construction(self, additional_examples: List[str] = []) -> str:
        apis = self.api_prompt_template
        examples = self.examples_prompt_helper(additional_examples=additional_examples)
        ufo_config = get_ufo_config()
        system_key = "system_as" if ufo_config.system.action_sequence else "system"
        if not self.is_visual:
            system_key += "_nonvisual"
        # template: ~2.6k chars, {apis}, ~10.9k chars, {examples}, ~450 chars
        return self.prompt_template[system_key].format(apis=apis, examples=examples)

    def user_prompt_construction(
        self,
        control_item,
        prev_subtask,
        prev_plan,
        user_request,
        subtask,
        current_application,
        host_message,
        retrieved_docs="",
        last_success_actions=[],
    ) -> str:
        prompt = self.prompt_template["user"].format(
            control_item=json.dumps(control_item),
            prev_subtask=json.dumps(prev_subtask),
            prev_plan=json.dumps(prev_plan),
            user_request=sanitize_user_input(user_request, "user_request"),
            subtask=sanitize_user_input(subtask, "subtask"),
            current_application=current_application,
            host_message=json.dumps(host_message),
            retrieved_docs=sanitize_user_input(retrieved_docs, "retrieved_docs"),
            last_success_actions=json.dumps(last_success_actions),
        )
        return prompt

    def examples_prompt_helper(
        self,
        header: str = "## Response Examples",
        separator: str = "Example",
        additional_examples: List[Dict[str, Any]] = [],
    ) -> str:
        example_dict = [
            self.example_prompt_template[key]
            for key in self.example_prompt_template.keys()
            if key.startswith("example")
        ] + additional_examples
        example_list = []
        for example in example_dict:
            example_list.append(
                f"[User Request]:\n{example.get('Request')}\n[Sub-Task]:\n{example.get('Sub-task')}\n"
                f"[Tips]:\n{example.get('Tips')}\n[Response]:\n{json.dumps(example.get('Response'))}"
            )
        return self.retrieved_documents_prompt_helper(header, separator, example_list)

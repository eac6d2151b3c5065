"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:galaxy/agents/prompters/base_constellation_prompter.py (lines 255-288), trimmed; not the original text."""

from ufo.prompter.basic import BasicPrompter
from ufo.prompter.prompt_sanitizer import sanitize_user_input


class BaseConstellationPrompter(BasicPrompter):
    def system_prompt_construction(self) -> str:
        examples = self.examples_prompt_helper()
        apis = self.api_prompt_template
        return self.prompt_template["system"].format(examples=examples, apis=apis)

    def user_prompt_construction(self, request, device_info, constellation) -> str:
        # the constellation (ids made with uuid4 and the clock) goes into the final user message
        prompt = self.prompt_template["user"].format(
            request=sanitize_user_input(request, "request"),
            device_info=self._format_agent_profile(device_info),
            constellation=self._format_constellation(constellation),
        )
        return prompt

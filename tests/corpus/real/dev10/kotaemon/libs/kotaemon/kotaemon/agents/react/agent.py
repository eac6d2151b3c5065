"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/kotaemon/kotaemon/agents/react/agent.py (lines 18-72, 115-132, 181-245), trimmed; not the original text."""

from kotaemon.agents.base import BaseAgent


class ReactAgent(BaseAgent):
    max_iterations: int = 5
    max_context_length: int = 3000

    def _compose_plugin_description(self) -> str:
        prompt = ""
        for plugin in self.plugins:
            prompt += f"{plugin.name}[input]: {plugin.description}\n"
        return prompt

    def _construct_scratchpad(self, intermediate_steps: list = []) -> str:
        thoughts = ""
        for action, observation in intermediate_steps:
            thoughts += action.log
            thoughts += f"\nObservation: {observation}\nThought:"
        return thoughts

    def _compose_prompt(self, instruction) -> str:
        agent_scratchpad = self._construct_scratchpad(self.intermediate_steps)
        tool_description = self._compose_plugin_description()
        tool_names = ", ".join([plugin.name for plugin in self.plugins])
        return self.prompt_template.populate(
            instruction=instruction,
            agent_scratchpad=agent_scratchpad,
            tool_description=tool_description,
            tool_names=tool_names,
            lang=self.output_lang,
        )

    def run(self, instruction, max_iterations=None):
        self.intermediate_steps = []
        for step_count in range(1, (max_iterations or self.max_iterations) + 1):
            prompt = self._compose_prompt(instruction)
            response = self.llm(prompt, stop=["Observation:"])
            action_step = self._parse_output(response.text)
            result = self._format_function_map()[action_step.tool](action_step.tool_input)
            result = self._trim(result)
            self.intermediate_steps.append((action_step, result))
        return self.intermediate_steps

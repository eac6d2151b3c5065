"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/turn_based/agent/gpt4all_agent.py (lines 19-66), trimmed; not the original text."""

from pygpt4all.models.gpt4all_j import GPT4All_J

from vocode.turn_based.agent.base import BaseAgent


class GPT4AllAgent(BaseAgent):
    DEFAULT_PROMPT_TEMPLATE = "{history}\nHuman: {human_input}\nAI:"

    def __init__(self, system_prompt, model_path, initial_message=None):
        super().__init__(initial_message)
        self.prompt_template = f"{system_prompt}\n\n{self.DEFAULT_PROMPT_TEMPLATE}"
        self.memory = [f"AI: {initial_message}"] if initial_message else []
        self.llm = GPT4All_J(model_path)

    def create_prompt(self, human_input):
        history = "\n".join(self.memory[-5:])  # expect: PL301
        return self.prompt_template.format(history=history, human_input=human_input)

    def get_memory_entry(self, human_input, response):
        return f"Human: {human_input}\nAI: {response}"

    def respond(self, human_input):
        prompt = self.create_prompt(human_input)
        response = self.llm.generate(prompt)
        self.memory.append(self.get_memory_entry(human_input, response))
        return response

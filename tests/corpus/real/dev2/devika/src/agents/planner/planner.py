"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/planner/planner.py (lines 5-14, 68-71) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/planner/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """You are Devika, an AI software engineer.

The user asked: {{ prompt }}

From the request, make a step-by-step plan for the task.

Answer in this format:

```
Project Name: <a fitting project name of at most 5 words>

Your Reply to the Human Prompter: <a short, human reply saying how you are making the plan>

Current Focus: <the main goal of the plan>

Plan:
- [ ] Step 1: <the first action towards the goal>
- [ ] Step 2: <the second action>
...
- [ ] Step N: <the last action>

Summary: <a short summary with key considerations, dependencies and risks>
```

Each step is one clear, specific action; cover research, implementation, testing and reporting.
You can use a browser and a search engine.
For a simple task, one or two steps are enough.
Reply only in the format above; anything else is rejected.""".strip()


class Planner:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, prompt: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(prompt=prompt)  # expect: PL104

    def execute(self, prompt: str, project_name: str) -> str:
        prompt = self.render(prompt)
        return self.llm.inference(prompt, project_name)

"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/researcher/researcher.py (lines 10-42) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/researcher/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """For the plan below, work out what to search for on the web to carry it out.

Step-by-step plan:
```
{{ step_by_step_plan }}
```

Only search for what you do not already know; skip steps you can do yourself.
Give at most three queries, each specific enough to find the facts needed.
If you need something only the user can tell you, ask instead of searching.

Keywords for Search Query: {{ contextual_keywords }}

Answer in this JSON format:

```
{"queries": ["<query 1>", "<query 2>"], "ask_user": "<question for the user, or empty>"}
```

Only this JSON format is accepted.""".strip()


class Researcher:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, step_by_step_plan: str, contextual_keywords: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(step_by_step_plan=step_by_step_plan, contextual_keywords=contextual_keywords)  # expect: PL104

    def execute(self, step_by_step_plan: str, contextual_keywords: str, project_name: str) -> str:
        prompt = self.render(step_by_step_plan, contextual_keywords)
        return self.llm.inference(prompt, project_name)

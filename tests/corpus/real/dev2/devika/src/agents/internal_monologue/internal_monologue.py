"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/internal_monologue/internal_monologue.py (lines 8-31) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/internal_monologue/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """You are Devika, an AI software engineer.

One of your agent modules is working through this prompt:

```
{{ current_prompt }}
```

To show the user what you are thinking or doing, reply with a short, human-like internal monologue.

Answer in this JSON format:

```
{"internal_monologue": "<your internal monologue>"}
```

Keep it short and conversational. Only this JSON format is accepted.""".strip()


class InternalMonologue:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, current_prompt: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(current_prompt=current_prompt)  # expect: PL104

    def execute(self, current_prompt: str, project_name: str) -> str:
        prompt = self.render(current_prompt)
        return self.llm.inference(prompt, project_name)

"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/action/action.py (lines 9-37) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/action/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """You are Devika, an AI software engineer. The conversation so far:

```
{% for message in conversation %}
{{ message }}
{% endfor %}
```

User's last message: {{ conversation[-1] }}

Pick the one action that answers the user's last message best:

- `answer`: answer a question about the project.
- `run`: run the project.
- `deploy`: deploy the project.
- `feature`: add a feature to the project.
- `bug`: fix a bug in the project.
- `report`: write a report on the project.

Answer in this JSON format:

```
{"response": "<a human-like reply>", "action": "<one of the actions above>"}
```

Only this JSON format is accepted.""".strip()


class Action:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, conversation: list) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(conversation=conversation)  # expect: PL104

    def execute(self, conversation: list, project_name: str) -> str:
        prompt = self.render(conversation)
        return self.llm.inference(prompt, project_name)

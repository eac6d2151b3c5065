"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/answer/answer.py (lines 9-38) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/answer/prompt.jinja2; here the template is
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

Full Code:
~~~
{{ code_markdown }}
~~~

User's last message: {{ conversation[-1] }}

Answer in this format:
```
{"response": "<your human-like reply to the last message>"}
```

Rules:
- Read the whole context and the code before answering.
- Be as long as needed, but concise.

Only this JSON format is accepted.""".strip()


class Answer:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, conversation: list, code_markdown: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(conversation=conversation, code_markdown=code_markdown)  # expect: PL104

    def execute(self, conversation: list, code_markdown: str, project_name: str) -> str:
        prompt = self.render(conversation, code_markdown)
        return self.llm.inference(prompt, project_name)

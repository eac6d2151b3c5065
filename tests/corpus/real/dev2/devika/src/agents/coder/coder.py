"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/coder/coder.py (lines 14-32, 115-125) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/coder/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). search_results is a
dict filled in the order of the researcher's queries (agents/agent.py:79-116).
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """
Project Step-by-step Plan:
```
{{ step_by_step_plan }}
```

Context From User:
```
{{ user_context }}
```

Context From Knowledge Base:

{% if not knowledge_base_context %}
No context found.
{% else %}
{% for query, result in search_results.items() %}
Query: {{ query }}
Result:
```
{{ result }}
```
---
{% endfor %}
{% endif %}

Read the plan carefully and think step by step. Use what the knowledge base context teaches you, then write the code that carries out the plan.

Answer only in this markdown format:

~~~
File: `main.py`:
```py
<code>
```

File: `README.md`:
```md
<content>
```
~~~

Rules:
- Write complete, working code; no placeholders.
- Put each file in its own block with its relative path.
- Follow the language's conventions and keep the structure the plan asks for.

Any other format is rejected.
""".strip()


class Coder:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, step_by_step_plan: str, user_context: str, search_results: dict) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(  # expect: PL104
            step_by_step_plan=step_by_step_plan,
            user_context=user_context,
            search_results=search_results,
        )

    def execute(self, step_by_step_plan: str, user_context: str, search_results: dict, project_name: str) -> str:
        prompt = self.render(step_by_step_plan, user_context, search_results)
        return self.llm.inference(prompt, project_name)

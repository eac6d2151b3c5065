"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/decision/decision.py (lines 8-31) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/decision/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """You are Devika, an AI software engineer. The user gave you this prompt:

```
{{ prompt }}
```

From this prompt, chain calls from the functions below to fulfil the request in the best way.

Functions:

`git_clone`: clone a git repository. Arguments: "url".
`generate_pdf_document`: write a document in markdown and render it as PDF. Arguments: "user_prompt".
`browser_interaction`: operate a web browser to do a task. Arguments: "user_prompt".
`coding_project`: build a coding project from the request. Arguments: "user_prompt".

Answer with a JSON list of calls:

```
[
  {"function": "<function name>", "args": {"<arg>": "<value>"}, "reply": "<human-like reply to the user>"}
]
```

Only this JSON format is accepted.""".strip()


class Decision:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, prompt: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(prompt=prompt)  # expect: PL104

    def execute(self, prompt: str, project_name: str) -> str:
        prompt = self.render(prompt)
        return self.llm.inference(prompt, project_name)

"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/agents/formatter/formatter.py (lines 5-21) and its prompt.jinja2, trimmed; not the original text.

The original reads PROMPT from src/agents/formatter/prompt.jinja2; here the template is
inlined (reworded, placeholders where the original has them). The result is sent
as the only user message through LLM.inference.
"""

from jinja2 import BaseLoader, Environment

from src.llm import LLM

PROMPT = """```
{{ raw_text }}
```

This is raw text taken from a PDF render of a web page: a blog, documentation or another kind of page.

Turn it into clean, readable markdown, keeping the details.

Drop text that does not belong to the content, such as navigation links, footers and advertisements.

For documentation with code, keep the code examples and their explanation and be brief elsewhere.

Reply only with the formatted markdown, starting and ending with ```.""".strip()


class Formatter:
    def __init__(self, base_model: str):
        self.llm = LLM(model_id=base_model)

    def render(self, raw_text: str) -> str:
        env = Environment(loader=BaseLoader())
        template = env.from_string(PROMPT)
        return template.render(raw_text=raw_text)  # expect: PL104

    def execute(self, raw_text: str, project_name: str) -> str:
        prompt = self.render(raw_text)
        return self.llm.inference(prompt, project_name)

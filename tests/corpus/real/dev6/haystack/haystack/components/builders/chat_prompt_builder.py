"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/builders/chat_prompt_builder.py (lines 212-280), trimmed; not the original text."""

from dataclasses import replace

from jinja2.sandbox import SandboxedEnvironment

from haystack.dataclasses import TextContent


class ChatPromptBuilder:
    def run(self, template=None, template_variables=None, **kwargs):
        template_variables_combined = {**kwargs, **(template_variables or {})}
        self._validate_variables(set(template_variables_combined.keys()))
        processed_messages = []
        for message in template or self.template:
            if message.text:
                compiled_template = SandboxedEnvironment().from_string(message.text)
                rendered_text = compiled_template.render(template_variables_combined)
                processed_messages.append(replace(message, _content=[TextContent(text=rendered_text)]))
            else:
                processed_messages.append(message)
        return {"prompt": processed_messages}

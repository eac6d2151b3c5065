"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/claude_translator.py (lines 26-171), trimmed; not the original text."""

from anthropic import Anthropic

from .base_translator import Base


class Claude(Base):
    def __init__(self, key, language, api_base=None, prompt_template=None, prompt_sys_msg=None,
                 temperature=1.0, context_flag=False, context_paragraph_limit=5, **kwargs):
        super().__init__(key, language)
        self.client = Anthropic(base_url=api_base, api_key=key, timeout=20)
        self.model = "claude-haiku-4-5-20251001"
        self.prompt_template = (
            prompt_template
            or "Help me translate the text within triple backticks into {language} and provide only the translated result.\n```{text}```"
        )
        self.prompt_sys_msg = prompt_sys_msg or ""
        self.temperature = temperature
        self.context_flag = context_flag
        self.context_list = []
        self.context_translated_list = []
        self.context_paragraph_limit = context_paragraph_limit

    def create_messages(self, text, intermediate_messages=None):
        current_msg = {"role": "user", "content": self.prompt_template.format(text=text, language=self.language)}
        messages = []
        if intermediate_messages:
            messages.extend(intermediate_messages)
        messages.append(current_msg)
        return messages

    def create_context_messages(self):
        if not self.context_flag or not self.context_list:
            return []
        return [
            {"role": "user", "content": self.prompt_template.format(text="\n\n".join(self.context_list), language=self.language)},
            {"role": "assistant", "content": "\n\n".join(self.context_translated_list)},
        ]

    def save_context(self, text, t_text):
        if not self.context_flag:
            return
        self.context_list.append(text)
        self.context_translated_list.append(t_text)
        if len(self.context_list) > self.context_paragraph_limit:
            self.context_list.pop(0)  # expect: PL301
            self.context_translated_list.pop(0)

    def _chat_completion(self, prompt, model=None):
        r = self.client.messages.create(
            max_tokens=4096,
            model=model or self.model,
            messages=[{"role": "user", "content": prompt}],
        )
        return "".join(block.text for block in r.content if getattr(block, "type", "") == "text")

    def translate(self, text):
        messages = self.create_messages(text, self.create_context_messages())
        r = self.client.messages.create(
            max_tokens=4096,
            messages=messages,
            system=self.prompt_sys_msg,
            temperature=self.temperature,
            model=self.model,
        )
        t_text = r.content[0].text
        if self.context_flag:
            self.save_context(text, t_text)
        return t_text

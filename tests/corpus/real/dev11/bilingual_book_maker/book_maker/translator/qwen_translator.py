"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/qwen_translator.py (lines 140-215), trimmed; not the original text."""

from .base_translator import Base


class QwenTranslator(Base):
    def _create_translation_options(self):
        options = {"source_lang": "auto", "target_lang": self.language}
        if self.context_flag and self.context_list:
            tm_list = []
            for src, tgt in zip(self.context_list, self.context_translated_list):
                tm_list.append({"source": src, "target": tgt})
            if tm_list:
                options["tm_list"] = tm_list
        return options

    def save_context(self, text, t_text):
        if not self.context_flag:
            return
        self.context_list.append(text)
        self.context_translated_list.append(t_text)
        if len(self.context_list) > self.context_paragraph_limit:
            self.context_list.pop(0)
            self.context_translated_list.pop(0)

    def translate(self, text):
        messages = [{"role": "user", "content": text}]
        translation_options = self._create_translation_options()
        completion = self.client.chat.completions.create(
            model=self.model,
            messages=messages,
            extra_body={"translation_options": translation_options},
        )
        t_text = completion.choices[0].message.content.strip()
        if self.context_flag:
            self.save_context(text, t_text)
        return t_text

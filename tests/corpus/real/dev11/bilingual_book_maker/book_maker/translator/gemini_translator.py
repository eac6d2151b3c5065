"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/gemini_translator.py (lines 145-290), trimmed; not the original text."""

from google import genai
from google.genai import types

from .base_translator import Base


class Gemini(Base):
    DEFAULT_PROMPT = "Please help me to translate,`{text}` to {language}, please return only translated content not include the origin text"
    HISTORY_TRIM_THRESHOLD = 10
    HISTORY_KEEP_SIZE = 8

    def __init__(self, key, language, prompt_template=None, prompt_sys_msg=None, context_flag=False, **kwargs):
        super().__init__(key, language)
        self.client = genai.Client(api_key=key)
        self.model = "gemini-2.5-flash"
        self.context_flag = context_flag
        self.prompt = prompt_template or self.DEFAULT_PROMPT
        self.prompt_sys_msg = prompt_sys_msg or None
        self.create_convo()

    def _build_config_kwargs(self):
        return {"temperature": 1.0, "system_instruction": self.prompt_sys_msg}

    def create_convo(self):
        self.convo = self.client.chats.create(
            model=self.model,
            config=types.GenerateContentConfig(**self._build_config_kwargs()),
        )

    def _manage_conversation_history(self):
        if self.context_flag:
            history = self.convo.get_history()
            if len(history) > self.HISTORY_TRIM_THRESHOLD:
                self.convo = self.client.chats.create(
                    model=self.model,
                    config=types.GenerateContentConfig(**self._build_config_kwargs()),
                    history=history[-self.HISTORY_KEEP_SIZE :],  # expect: PL301
                )
        else:
            self.create_convo()

    def _translate_with_retry(self, text, paragraph_num):
        response = self.convo.send_message(self.prompt.format(text=text, language=self.language))
        t_text = response.text.strip()
        self._manage_conversation_history()
        return t_text

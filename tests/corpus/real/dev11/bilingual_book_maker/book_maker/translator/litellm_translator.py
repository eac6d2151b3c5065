"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/litellm_translator.py (lines 1-66), trimmed; not the original text."""

from os import linesep

from litellm import completion

from .chatgptapi_translator import ChatGPTAPI


class liteLLM(ChatGPTAPI):
    def create_chat_completion(self, text):
        content = f"{self.context if self.context_flag else ''} {self.prompt_template.format(text=text, language=self.language, crlf=linesep)}"
        context_sys_str = "For each passage given, you may be provided a summary of the story up until this point (wrapped in tags '<summary>' and '</summary>') for context within the query, to provide background context of the story up until this point. If it's provided, use the context summary to aid you in translation with deeper comprehension, and write a new summary above the returned translation, wrapped in '<summary>' HTML-like tags."
        sys_content = f"{self.system_content or self.prompt_sys_msg.format(crlf=linesep)} {context_sys_str if self.context_flag else ''} "
        messages = [
            {"role": "system", "content": sys_content},
            {"role": "user", "content": content},
        ]
        return completion(model=self.model, messages=messages, temperature=self.temperature)

"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/chatgptapi_translator.py (lines 278-322, 584-696, 752-763, 840-847, 950-983, 1449-1490), trimmed; not the original text."""

import json
from os import environ

from openai import AsyncOpenAI, OpenAI

from .base_translator import Base, TranslationContext, TranslationResult

CHATGPT_CONFIG = {"context_paragraph_limit": 3, "batch_context_update_interval": 50}


class ChatGPTAPI(Base):
    DEFAULT_PROMPT = "Please help me to translate,`{text}` to {language}, please return only translated content not include the origin text"

    def __init__(self, key, language, api_base=None, prompt_template=None, prompt_sys_msg=None,
                 temperature=1.0, context_flag=False, context_paragraph_limit=0, **kwargs):
        super().__init__(key, language)
        self.openai_client = OpenAI(api_key=key, base_url=api_base)
        self.api_base = api_base
        self.prompt_template = prompt_template or environ.get("BBM_CHATGPTAPI_USER_MSG_TEMPLATE") or self.DEFAULT_PROMPT
        self.prompt_sys_msg = prompt_sys_msg or environ.get("BBM_CHATGPTAPI_SYS_MSG") or ""
        self.system_content = environ.get("OPENAI_API_SYS_MSG") or ""
        self.context_flag = context_flag
        self.context_list = []
        self.context_translated_list = []
        if context_paragraph_limit > 0:
            self.context_paragraph_limit = context_paragraph_limit
        else:
            self.context_paragraph_limit = CHATGPT_CONFIG["context_paragraph_limit"]
        self.model = "gpt-4o-mini"

    def create_messages(self, text, intermediate_messages=None):
        content = self.prompt_template.format(text=text, language=self.language, crlf="\n")
        sys_content = self.system_content or self.prompt_sys_msg.format(crlf="\n")
        messages = [
            {"role": "system", "content": sys_content},
        ]
        if intermediate_messages:
            messages.extend(intermediate_messages)
        messages.append({"role": "user", "content": content})
        return messages

    def create_context_messages(self, context=None):
        messages = []
        if self.context_flag:
            if context is None:
                source_texts = self.context_list
                translated_texts = self.context_translated_list
            else:
                source_texts = context.source_texts
                translated_texts = context.translated_texts
                if not source_texts:
                    return messages
            messages.append({"role": "user", "content": "\n".join(source_texts)})
            messages.append({"role": "assistant", "content": "\n".join(translated_texts)})
        return messages

    async def translate_async(self, text, *, context=None):
        current_context = context or TranslationContext()
        messages = self.create_messages(text, self.create_context_messages(current_context))
        client = AsyncOpenAI(api_key=self.key, base_url=self.api_base)
        completion = await client.chat.completions.create(model=self.model, messages=messages)
        translated = completion.choices[0].message.content or ""
        if self.context_flag:
            current_context = current_context.append(text, translated, self.context_paragraph_limit)
        return TranslationResult(translated, current_context)

    def create_chat_completion(self, text):
        messages = self.create_messages(text, self.create_context_messages())
        return self.openai_client.chat.completions.create(model=self.model, messages=messages)

    def get_translation(self, text):
        completion = self.create_chat_completion(text)
        t_text = completion.choices[0].message.content or ""
        if self.context_flag:
            self.save_context(text, t_text)
        return t_text

    def save_context(self, text, t_text):
        if self.context_paragraph_limit > 0:
            self.context_list.append(text)
            self.context_translated_list.append(t_text)
            if len(self.context_list) > self.context_paragraph_limit:
                self.context_list.pop(0)  # expect: PL301
                self.context_translated_list.pop(0)

    def _create_structured_batch_messages(self, text_list):
        plist_len = len(text_list)
        texts_json = json.dumps(text_list, ensure_ascii=False)
        user_prompt = self.prompt_template.format(text=texts_json, language=self.language, crlf="\n")
        content = (
            f"{user_prompt}\n\n"
            f"Return a JSON object whose 'translations' array contains EXACTLY "
            f"{plist_len} strings, one per input paragraph and in the same order."
        )
        sys_content = self.system_content or self.prompt_sys_msg.format(crlf="\n")
        messages = [{"role": "system", "content": sys_content}]
        if self.context_flag:
            messages.extend(self.create_context_messages())
        messages.append({"role": "user", "content": content})
        return messages

    def create_batch_context_messages(self, index):
        messages = []
        if self.context_flag:
            if index % CHATGPT_CONFIG["batch_context_update_interval"] == 0 or not hasattr(self, "cached_context_messages"):
                context_messages = []
                for item in self.book[index:]:
                    context_messages.append(item["text"])
                    if len(context_messages) == self.context_paragraph_limit:
                        break
                if len(context_messages) == self.context_paragraph_limit:
                    self.cached_context_messages = [
                        {"role": "user", "content": "\n".join(context_messages)},
                        {"role": "assistant", "content": self.get_translation("\n".join(context_messages))},
                    ]
            if hasattr(self, "cached_context_messages"):
                messages.extend(self.cached_context_messages)
        return messages

    def make_batch_request(self, book_index, text):
        messages = self.create_messages(text, self.create_batch_context_messages(book_index))
        return {"custom_id": f"{book_index}", "body": {"model": self.model, "messages": messages}}

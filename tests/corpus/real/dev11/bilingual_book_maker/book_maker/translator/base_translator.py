"""Reconstruction of yihong0618/bilingual_book_maker@9133c06c25c053862f8515ef0e98180f07df8600:book_maker/translator/base_translator.py (lines 24-43, 219-265), trimmed; not the original text."""

from dataclasses import dataclass

BATCH_DELIMITER = "@@"


@dataclass(frozen=True)
class TranslationContext:
    source_texts: tuple = ()
    translated_texts: tuple = ()

    def append(self, source_text, translated_text, limit):
        if limit <= 0:
            return self
        return type(self)(
            (self.source_texts + (source_text,))[-limit:],  # expect: PL301
            (self.translated_texts + (translated_text,))[-limit:],
        )


@dataclass(frozen=True)
class TranslationResult:
    text: str
    context: TranslationContext


class Base:
    def __init__(self, key, language):
        self.key = key
        self.language = language

    def _build_batch_prompt(self, text_list, prompt_template, system_content, default_prompt):
        plist_len = len(text_list)
        if plist_len <= 1:
            return None, None, None
        batch_text = BATCH_DELIMITER.join(str(t).strip() for t in text_list)
        batch_instruction = (
            f"Translate the following {plist_len} text segments to {{language}}. "
            f"Separate each translation with '{BATCH_DELIMITER}'. "
            f"Output EXACTLY {plist_len} translations.\n\n"
        )
        batch_prompt = batch_instruction + (prompt_template or default_prompt)
        if system_content:
            batch_sys_msg = (
                f"{system_content} Input has {plist_len} segments separated by '{BATCH_DELIMITER}'. "
                f"Output {plist_len} translations with '{BATCH_DELIMITER}' between each."
            )
        else:
            batch_sys_msg = (
                f"Professional translator. Input has {plist_len} segments separated by '{BATCH_DELIMITER}'. "
                f"Output {plist_len} translations with '{BATCH_DELIMITER}' between each."
            )
        # the batch request is sent with context_flag switched off: one system + one user message
        return batch_prompt, batch_sys_msg, batch_text

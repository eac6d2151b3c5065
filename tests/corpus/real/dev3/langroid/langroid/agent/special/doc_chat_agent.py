"""Reconstruction of langroid/langroid@786c4fe39a3fd7b595d3220a08676e9af78f4143:langroid/agent/special/doc_chat_agent.py (lines 985-1022), trimmed; not the original text."""

from typing import List

from langroid.agent.chat_agent import ChatAgent

SUMMARY_ANSWER_PROMPT = """Answer the QUESTION from the NUMBERED EXTRACTS only, citing them as [^i].
If they do not hold the answer, say so.

NUMBERED EXTRACTS:

{extracts}

QUESTION:
{question}"""


class DocChatAgent(ChatAgent):
    def get_summary_answer(self, question: str, passages: List) -> object:
        final_prompt = self.config.summarize_prompt.format(question=question, extracts=self.doc_string(passages))
        if self.config.conversation_mode:
            if self.config.retain_context:
                return super().llm_response(final_prompt)
            return super()._llm_response_temp_context(question, final_prompt)
        return super().llm_response_forget(final_prompt)

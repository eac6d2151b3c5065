"""Reconstruction of pinecone-io/canopy@fabb7d7c8bafffd9c7d0890c1624bec75e5bef77:src/canopy/chat_engine/query_generator/instruction.py (lines 10-60, 75-110), trimmed; not the original text."""
from canopy.chat_engine.history_pruner.raising import RaisingHistoryPruner
from canopy.models.data_models import UserMessage

SYSTEM_PROMPT = """Your task is to formulate a question statement using the chat history between a user and an assistant.
Return a JSON object with the question as the value of the "question" key."""

USER_PROMPT = "Return only a JSON object with the question."


class InstructionQueryGenerator:
    def __init__(self, *, llm=None):
        self._llm = llm
        self._system_prompt = SYSTEM_PROMPT
        self._history_pruner = RaisingHistoryPruner()

    def generate(self, messages, max_prompt_tokens: int):
        new_history = (
                messages +
                [
                    UserMessage(content=USER_PROMPT)
                ]
        )
        chat_history = self._history_pruner.build(system_prompt=self._system_prompt,
                                                  chat_history=new_history,
                                                  max_tokens=max_prompt_tokens)
        return self._get_answer(chat_history)

    def _get_answer(self, messages) -> str:
        llm_response = self._llm.chat_completion(system_prompt=self._system_prompt,
                                                 chat_history=messages)
        return llm_response.choices[0].message.content

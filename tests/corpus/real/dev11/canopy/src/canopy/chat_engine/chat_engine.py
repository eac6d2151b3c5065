"""Reconstruction of pinecone-io/canopy@fabb7d7c8bafffd9c7d0890c1624bec75e5bef77:src/canopy/chat_engine/chat_engine.py (lines 17-20, 81-145, 195-245), trimmed; not the original text."""
from typing import Optional

from canopy.chat_engine.history_pruner import RecentHistoryPruner
from canopy.chat_engine.query_generator import FunctionCallingQueryGenerator
from canopy.context_engine import ContextEngine
from canopy.llm import OpenAILLM

DEFAULT_SYSTEM_PROMPT = """Use the following pieces of context to answer the user question at the next messages. This context retrieved from a knowledge database and you should use only the facts from the context to answer. Always remember to include the source to the documents you used from their 'source' field in the format 'Source: $SOURCE_HERE'.
If you don't know the answer, just say that you don't know, don't try to make up an answer, use the context.
Don't address the context directly, but use it to answer the user question like it's your own knowledge.
"""


class ChatEngine:
    def __init__(self, context_engine: ContextEngine, *, llm=None, max_prompt_tokens: int = 4096,
                 max_context_tokens: Optional[int] = None, system_prompt: Optional[str] = None,
                 history_pruner=None):
        self.context_engine = context_engine
        self.llm = llm or OpenAILLM()
        self.system_prompt = system_prompt or DEFAULT_SYSTEM_PROMPT
        self._query_builder = FunctionCallingQueryGenerator(llm=self.llm)
        self._history_pruner = history_pruner or RecentHistoryPruner()
        self.max_prompt_tokens = max_prompt_tokens
        self.max_context_tokens = max_context_tokens or max_prompt_tokens * 7 // 10

    def chat(self, messages, *, stream: bool = False, model_params: Optional[dict] = None, namespace=None):
        context = self._get_context(messages, namespace)
        llm_messages = self._history_pruner.build(
            chat_history=messages,
            max_tokens=self.max_prompt_tokens,
            system_prompt=self.system_prompt,
            context=context
        )
        return self.llm.chat_completion(system_prompt=self.system_prompt,
                                        chat_history=llm_messages,
                                        context=context,
                                        stream=stream,
                                        model_params=model_params)

    def _get_context(self, messages, namespace=None):
        queries = self._query_builder.generate(messages, self.max_prompt_tokens)
        context = self.context_engine.query(queries, self.max_context_tokens,  # expect: PL104
                                            namespace=namespace)
        return context

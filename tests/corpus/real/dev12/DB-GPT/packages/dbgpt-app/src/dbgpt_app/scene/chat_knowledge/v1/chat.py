"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_knowledge/v1/chat.py (lines 39-64, 194-247, 316-324), trimmed; not the original text."""

import os
from functools import reduce

from dbgpt_app.scene.base_chat import BaseChat
from dbgpt_app.scene.chat_knowledge.v1.config import ChatKnowledgeConfig


class ChatKnowledge(BaseChat):
    def __init__(self, chat_param, system_app):
        self.knowledge_space = chat_param.select_param
        super().__init__(chat_param=chat_param, system_app=system_app)
        self.space_context = self.get_space_context(self.knowledge_space)

    async def generate_input_values(self):
        from dbgpt.util.chat_util import run_async_tasks

        user_input = self.current_user_input.last_text
        tasks = [self.execute_similar_search(user_input)]  # expect: PL104
        candidates_with_scores = await run_async_tasks(tasks=tasks, concurrency_limit=1)
        candidates_with_scores = reduce(lambda x, y: x + y, candidates_with_scores)
        if not candidates_with_scores:
            context = "no relevant docs to retrieve"
        else:
            context_parts = []
            for idx, chunk in enumerate(candidates_with_scores, start=1):
                context_parts.append(f"[{idx}] {chunk.content}")
            context = "\n\n".join(context_parts)
        self.relations = list(
            set(
                [
                    os.path.basename(str(d.metadata.get("source", "")))
                    for d in candidates_with_scores
                ]
            )
        )
        input_values = {
            "context": context,
            "question": user_input,
            "relations": self.relations,
        }
        return input_values

    async def execute_similar_search(self, query):
        return await self._space_retriever.aretrieve_with_scores(query, self.recall_score)

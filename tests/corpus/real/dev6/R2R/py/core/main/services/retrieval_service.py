"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/main/services/retrieval_service.py (lines 1000-1045,1380-1480,1636-1650,1821-1930), trimmed; not the original text."""

import json
from datetime import datetime

from core.base.abstractions import Message


class RetrievalService:
    async def rag(self, query: str, search_settings, rag_generation_config, system_prompt_name=None, task_prompt_name=None):
        aggregated_results = await self.search(query, search_settings)
        context_str = self.format_search_results_for_llm(aggregated_results)
        # one-shot: fixed system prompt, then the task template with the query and the retrieved context
        messages = await self.providers.database.prompts_handler.get_message_payload(
            system_prompt_name=system_prompt_name or "system",
            task_prompt_name=task_prompt_name or "rag",
            task_inputs={"query": query, "context": context_str},
        )
        return await self.providers.llm.aget_completion(messages, rag_generation_config)

    async def agent(self, message: Message, conversation_id, rag_generation_config, use_system_context: bool = False, max_tool_context_length: int = 10_000):
        messages = []
        if conversation_id:
            for message_response in await self.providers.database.conversations_handler.get_conversation(conversation_id=conversation_id):
                messages.append(message_response.message)
        messages.append(message)
        await self.providers.database.conversations_handler.add_message(conversation_id=conversation_id, content=messages[-1])
        system_instruction = await self._build_aware_system_instruction(
            max_tool_context_length=max_tool_context_length, use_system_context=use_system_context
        )
        agent = self.agent_factory.create(rag_generation_config)
        results = await agent.arun(messages=messages, system_instruction=system_instruction)
        assistant_message = results[-1]
        await self.providers.database.conversations_handler.add_message(
            conversation_id=conversation_id,
            content=assistant_message,
            metadata={"aggregated_search_result": json.dumps(self.collector_dump())},
        )
        return results

    async def _build_documents_context(self, filter_user_id=None, max_summary_length: int = 128, limit: int = 25) -> str:
        docs_data = await self.providers.database.documents_handler.get_documents_overview(  # expect: PL104
            offset=0, limit=limit, filter_user_ids=[filter_user_id] if filter_user_id else None, sort_order="DESC"
        )
        docs = docs_data["results"]
        if not docs:
            return "No documents found."
        lines = []
        for i, doc in enumerate(docs, start=1):
            if not doc.summary:
                lines.append(f"[{i}] Title: {doc.title}, Summary: (Summary not available), Status:{doc.ingestion_status} ID: {doc.id}")
                continue
            lines.append(f"[{i}] Title: {doc.title}, Summary: {doc.summary[:max_summary_length]}, ID: {doc.id}")
        return "\n".join(lines)

    async def _build_aware_system_instruction(self, max_tool_context_length: int = 10_000, filter_user_id=None, use_system_context: bool = False) -> str:
        date_str = str(datetime.now().strftime("%m/%d/%Y"))  # expect: PL101
        prompt_name = self.config.agent.rag_agent_dynamic_prompt if use_system_context else self.config.agent.rag_rag_agent_static_prompt
        if use_system_context:
            doc_context_str = await self._build_documents_context(filter_user_id=filter_user_id)
            # the template: "... the date is {date}." first, {document_context} in the middle, fixed rules after it
            return await self.providers.database.prompts_handler.get_cached_prompt(
                prompt_name,
                inputs={"date": date_str, "max_tool_context_length": max_tool_context_length, "document_context": doc_context_str},
            )
        return await self.providers.database.prompts_handler.get_cached_prompt(prompt_name, inputs={"date": date_str})

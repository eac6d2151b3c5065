"""Reconstruction of QuivrHQ/quivr@947a785415c6c35ab2ae8157222b4720b0710b4d:core/quivr_core/rag/quivr_rag_langgraph.py (lines 257-1226), trimmed; not the original text."""

import asyncio
import datetime
import logging
from typing import Any, Dict, List, Tuple
from uuid import uuid4

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langgraph.types import Send

from quivr_core.rag.entities.chat import ChatHistory
from quivr_core.rag.prompts import TemplatePromptName, custom_prompts
from quivr_core.rag.utils import collect_tools, combine_documents, format_dict, format_file_list


class QuivrQARAGLangGraph:
    def __init__(self, *, retrieval_config, llm, vector_store=None):
        self.retrieval_config = retrieval_config
        self.llm_endpoint = llm
        self.vector_store = vector_store

    def routing_split(self, state):
        response = self.invoke_structured_output(
            custom_prompts[TemplatePromptName.SPLIT_PROMPT].format(
                chat_history=state["chat_history"].to_list(),
                user_input=state["messages"][0].content,
            ),
            dict,
        )
        if response.instructions:
            return [Send("edit_system_prompt", {**state, "instructions": response.instructions})]
        return [Send("filter_history", {**state, "tasks": response.task_list})]

    def edit_system_prompt(self, state):
        prompt = self.retrieval_config.prompt
        available_tools, activated_tools = collect_tools(self.retrieval_config.workflow_config)
        inputs = {
            "instruction": state["instructions"],
            "system_prompt": prompt if prompt else "",
            "available_tools": available_tools,
            "activated_tools": activated_tools,
        }
        msg = custom_prompts[TemplatePromptName.UPDATE_PROMPT].format(**inputs)
        response = self.invoke_structured_output(msg, dict)
        self.retrieval_config.prompt = response.prompt
        return {**state, "messages": []}

    def filter_history(self, state):
        chat_history = state["chat_history"]
        total_tokens = 0
        total_pairs = 0
        _chat_history = ChatHistory(chat_id=uuid4(), brain_id=chat_history.brain_id)
        for human_message, ai_message in reversed(list(chat_history.iter_pairs())):
            message_tokens = self.llm_endpoint.count_tokens(human_message.content) + self.llm_endpoint.count_tokens(ai_message.content)
            if (
                total_tokens + message_tokens > self.retrieval_config.llm_config.max_context_tokens
                or total_pairs >= self.retrieval_config.max_history
            ):
                break
            _chat_history.append(human_message)
            _chat_history.append(ai_message)
            total_tokens += message_tokens
            total_pairs += 1
        return {**state, "chat_history": _chat_history}

    async def rewrite(self, state):
        tasks = state["tasks"]
        async_jobs = []
        for task_id in tasks.ids:
            msg = custom_prompts[TemplatePromptName.CONDENSE_TASK_PROMPT].format(
                chat_history=state["chat_history"].to_list(),
                task=tasks(task_id).definition,
            )
            async_jobs.append((self.llm_endpoint._llm.ainvoke(msg), task_id))
        responses = await asyncio.gather(*(job[0] for job in async_jobs)) if async_jobs else []
        for response, task_id in zip(responses, [job[1] for job in async_jobs], strict=False):
            tasks.set_definition(task_id, response.content)
        return {**state, "tasks": tasks}

    async def tool_routing(self, state):
        tasks = state["tasks"]
        validated_tools, _ = collect_tools(self.retrieval_config.workflow_config)
        async_jobs = []
        for task_id in tasks.ids:
            input = {
                "chat_history": state["chat_history"].to_list(),
                "tasks": tasks(task_id).definition,
                "context": combine_documents(tasks(task_id).docs),
                "activated_tools": validated_tools,
            }
            msg = custom_prompts[TemplatePromptName.TOOL_ROUTING_PROMPT].format(**input)
            async_jobs.append((self.ainvoke_structured_output(msg, dict), task_id))
        responses = await asyncio.gather(*(job[0] for job in async_jobs)) if async_jobs else []
        return [Send("generate_rag", {**state, "tasks": tasks, "completions": responses})]

    def get_rag_context_length(self, state, docs) -> int:
        final_inputs = self._build_rag_prompt_inputs(state, docs)
        msg = custom_prompts[TemplatePromptName.RAG_ANSWER_PROMPT].format(**final_inputs)
        return self.llm_endpoint.count_tokens(msg)

    def reduce_rag_context(self, state, inputs: Dict[str, Any], prompt, max_context_tokens: int | None = None) -> Tuple[Any, Dict[str, Any]]:
        SECURITY_FACTOR = 0.85
        tasks = state["tasks"] if "tasks" in state else None
        msg = prompt.format(**inputs)
        n = self.llm_endpoint.count_tokens(msg)
        max_context_tokens = max_context_tokens or self.retrieval_config.llm_config.max_context_tokens

        iteration = 0
        while n > max_context_tokens * SECURITY_FACTOR:
            chat_history = inputs["chat_history"] if "chat_history" in inputs else []
            if len(chat_history) > 0:
                inputs["chat_history"] = chat_history[2:]  # expect: PL301
            elif tasks:
                longest_task_id = tasks.ids[0]
                tasks.set_docs(longest_task_id, tasks(longest_task_id).docs[:-1])
            else:
                logging.warning("nothing left to reduce")
                break
            docs = tasks.docs if tasks else []
            inputs["context"] = combine_documents(docs)
            msg = prompt.format(**inputs)
            n = self.llm_endpoint.count_tokens(msg)
            iteration += 1
            if iteration > 20:
                break
        return {**state, "tasks": tasks}, inputs

    def bind_tools_to_llm(self, node_name: str):
        tools = self.retrieval_config.workflow_config.get_node_tools(node_name)
        if tools:
            return self.llm_endpoint._llm.bind_tools(tools, tool_choice="any")
        return self.llm_endpoint._llm

    def generate_zendesk_rag(self, state):
        tasks = state["tasks"]
        docs = tasks.docs if tasks else []
        user_task = state["messages"][0].content
        prompt_template = custom_prompts[TemplatePromptName.ZENDESK_TEMPLATE_PROMPT]

        current_time = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
        inputs = {
            "similar_tickets": "\n".join([doc.page_content for doc in docs]),
            "ticket_metadata": format_dict(state["ticket_metadata"] or {}),
            "user_metadata": format_dict(state["user_metadata"] or {}),
            "client_query": user_task,
            "ticket_history": state.get("ticket_history", ""),
            "current_time": current_time,
        }
        for variable in prompt_template.input_variables:
            if variable not in inputs:
                inputs[variable] = state.get(variable, "")

        msg = prompt_template.format_prompt(**inputs)
        llm = self.bind_tools_to_llm(self.generate_zendesk_rag.__name__)
        return {**state, "messages": [llm.invoke(msg)]}

    def generate_rag(self, state):
        tasks = state["tasks"]
        docs = tasks.docs if tasks else []
        inputs = self._build_rag_prompt_inputs(state, docs)
        prompt = custom_prompts[TemplatePromptName.RAG_ANSWER_PROMPT]
        state, inputs = self.reduce_rag_context(state, inputs, prompt)
        msg = prompt.format(**inputs)
        llm = self.bind_tools_to_llm(self.generate_rag.__name__)
        return {**state, "messages": [llm.invoke(msg)]}

    def generate_chat_llm(self, state):
        system_message = None
        user_message = None
        for msg in state["messages"]:
            if isinstance(msg, SystemMessage):
                system_message = str(msg.content)
            elif isinstance(msg, HumanMessage):
                user_message = str(msg.content)

        prompt = self.retrieval_config.prompt
        final_inputs = {
            "task": user_message,
            "custom_instructions": prompt if prompt else "None",
            "chat_history": state["chat_history"].to_list(),
        }
        state, reduced_inputs = self.reduce_rag_context(
            state, final_inputs, system_message if system_message else custom_prompts[TemplatePromptName.CHAT_LLM_PROMPT]
        )
        CHAT_LLM_PROMPT = ChatPromptTemplate.from_messages(
            [
                SystemMessage(content=str(system_message)),
                MessagesPlaceholder(variable_name="chat_history"),
                HumanMessage(content=str(user_message)),
            ]
        )
        chat_llm_prompt = CHAT_LLM_PROMPT.invoke({"chat_history": final_inputs["chat_history"]})
        return {**state, "messages": [self.llm_endpoint._llm.invoke(chat_llm_prompt)]}

    async def answer_astream(self, run_id, question: str, system_prompt: str | None, history: ChatHistory, list_files, metadata=None, **input_kwargs):
        concat_list_files = format_file_list(list_files, self.retrieval_config.max_files)
        conversational_qa_chain = self.build_chain()
        messages = [("system", system_prompt)] if system_prompt else []
        messages.append(("user", question))
        async for event in conversational_qa_chain.astream_events(
            {"messages": messages, "chat_history": history, "files": concat_list_files, **input_kwargs},
            version="v1",
            config={"run_id": run_id},
        ):
            yield event

    def invoke_structured_output(self, prompt: str, output_class):
        return self.llm_endpoint._llm.with_structured_output(output_class).invoke(prompt)

    async def ainvoke_structured_output(self, prompt: str, output_class):
        return await self.llm_endpoint._llm.with_structured_output(output_class).ainvoke(prompt)

    def _build_rag_prompt_inputs(self, state, docs) -> Dict[str, Any]:
        user_task = state["messages"][0].content
        files = state["files"]
        prompt = self.retrieval_config.prompt
        return {
            "context": combine_documents(docs) if docs else "None",
            "task": user_task,
            "rephrased_task": state["tasks"].definitions if state["tasks"] else "None",
            "custom_instructions": prompt if prompt else "None",
            "files": files if files else "None",
            "chat_history": state["chat_history"].to_list(),
        }

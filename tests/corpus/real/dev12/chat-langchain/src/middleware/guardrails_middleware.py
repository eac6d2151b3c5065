"""Reconstruction of langchain-ai/chat-langchain@f0e28040d768690c37e9cf8e040eb8dc09b93ed1:src/middleware/guardrails_middleware.py (lines 74-98, 168-230, 370-430), trimmed; not the original text."""

import asyncio
import random

from langchain.agents.middleware import AgentMiddleware
from langchain.chat_models import init_chat_model
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langsmith import Client

from src.prompts.guardrails_prompts import guardrails_system_prompt as _LOCAL_GUARDRAILS_SYSTEM_PROMPT
from src.prompts.guardrails_prompts import rejection_system_prompt as _REJECTION_SYSTEM_PROMPT

ALLOWED_SAMPLE_RATE = 0.01
GUARDRAILS_TIMEOUT_SECONDS = 10
_GUARDRAILS_PROMPT_HUB_NAME = "public-chat-langchain-guardrails-test:production"

try:
    _prompt_template = Client().pull_prompt(_GUARDRAILS_PROMPT_HUB_NAME)
    _GUARDRAILS_SYSTEM_PROMPT = _prompt_template.invoke({"messages": []}).messages[0].content
except Exception:
    _GUARDRAILS_SYSTEM_PROMPT = _LOCAL_GUARDRAILS_SYSTEM_PROMPT


class GuardrailsMiddleware(AgentMiddleware):
    def __init__(self, model=None, fallback_model=None, block_off_topic=True):
        super().__init__()
        self.llm = init_chat_model(model=model, temperature=0)
        self.classifier_llms = [(model, self.llm)]
        self.block_off_topic = block_off_topic

    async def _generate_rejection_message(self, content) -> AIMessage:
        prompt = [
            SystemMessage(content=_REJECTION_SYSTEM_PROMPT),
            HumanMessage(content=self._build_rejection_content(content)),
        ]
        response = await asyncio.wait_for(self.llm.ainvoke(prompt), timeout=GUARDRAILS_TIMEOUT_SECONDS)
        return AIMessage(id=response.id, content=response.content)

    async def abefore_agent(self, state, runtime):
        messages = state.get("messages", [])
        if not messages:
            return None
        last_content = messages[-1].content
        guardrails_decision = await self._classify_query(messages)
        decision = guardrails_decision["decision"]
        if decision == "BLOCKED" or random.random() < ALLOWED_SAMPLE_RATE:
            asyncio.create_task(self._add_to_dataset(last_content, decision))
        if decision == "ALLOWED":
            return None
        off_topic_message = await self._generate_rejection_message(last_content)
        return {"messages": [off_topic_message], "off_topic_query": True, "jump_to": "end"}

    async def _add_to_dataset(self, query, result):
        pass

    def _build_rejection_content(self, content):
        instruction = (
            "The user asked the following request. Consider both the text and any "
            "attached images, then generate a brief, friendly response explaining "
            "this is outside your scope."
        )
        return f"{instruction}\n\nUser request: {content}"

    def _build_guardrails_content(self, content, context_section: str):
        instruction = (
            "Classify this user query for the LangChain documentation assistant. "
            "Consider both the text and any attached images. "
            "Return both the decision and one concise sentence explaining why."
        )
        if context_section:
            instruction += context_section
        return f"{instruction}\n\nUser query: {content}"

    def _extract_message_text(self, msg):
        content = getattr(msg, "content", None)
        if isinstance(content, str):
            return content.strip() or None
        return None

    async def _classify_query(self, messages: list):
        current_message = None
        current_query = None
        for msg in reversed(messages):
            if isinstance(msg, HumanMessage):
                current_message = msg
                current_query = self._extract_message_text(msg)
                if current_query:
                    break
        prior_queries = []
        for msg in reversed(messages[:-1]):
            if isinstance(msg, HumanMessage):
                text = self._extract_message_text(msg)
                if text:
                    prior_queries.append(text[:200])
                    if len(prior_queries) == 3:
                        break
        context_section = ""
        if prior_queries:
            recent = list(reversed(prior_queries))
            context_section = (
                "\n\nPrevious questions in this conversation:\n"
                + "\n".join(f"- {q}" for q in recent)
            )
        current_content = getattr(current_message, "content", current_query or "")
        prompt = [
            SystemMessage(content=_GUARDRAILS_SYSTEM_PROMPT),
            HumanMessage(content=self._build_guardrails_content(current_content, context_section)),
        ]
        for model_name, llm in self.classifier_llms:
            structured_llm = llm.with_structured_output(dict)
            return await asyncio.wait_for(
                structured_llm.ainvoke(prompt, config={"callbacks": [], "tags": ["guardrails"]}),
                timeout=GUARDRAILS_TIMEOUT_SECONDS,
            )

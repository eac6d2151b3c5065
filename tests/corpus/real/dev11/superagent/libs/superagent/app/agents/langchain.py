"""Reconstruction of homanp/superagent@aa91d17e79b6771c327ab40e0fe5e35e0ef29bbd:libs/superagent/app/agents/langchain.py (lines 1-281), trimmed; not the original text."""

import datetime
import json

from decouple import config
from langchain.agents import AgentType, initialize_agent
from langchain.chains import LLMChain
from langchain.memory import ConversationBufferWindowMemory, MotorheadMemory, RedisChatMessageHistory
from langchain.prompts import MessagesPlaceholder, PromptTemplate
from langchain.schema import SystemMessage
from langchain_openai import ChatOpenAI

from app.agents.base import AgentBase
from app.tools import TOOL_TYPE_MAPPING, create_pydantic_model_from_object, create_tool
from app.tools.datasource import DatasourceTool

DEFAULT_PROMPT = (
    "You are a helpful AI Assistant, answer the users questions to "
    "the best of your ability."
)


class LangchainAgent(AgentBase):
    async def _get_tools(self, agent_datasources, agent_tools):
        tools = []
        for agent_datasource in agent_datasources:
            tools.append(
                DatasourceTool(
                    metadata={"datasource_id": agent_datasource.datasource.id, "query_type": "document"},
                    name=agent_datasource.datasource.name,
                    description=agent_datasource.datasource.description,
                    return_direct=False,
                )
            )
        for agent_tool in agent_tools:
            agent_tool_metadata = json.loads(agent_tool.tool.metadata or "{}")
            agent_tool_metadata = {
                **agent_tool_metadata,
                "params": {
                    **(agent_tool_metadata.get("params", {}) or {}),
                    "user_id": self.agent_config.apiUserId,
                    "session_id": self.session_id,
                },
            }
            tool_info = TOOL_TYPE_MAPPING.get(agent_tool.tool.type)
            if agent_tool.tool.type == "FUNCTION":
                args = agent_tool_metadata.get("args", {})
                PydanticModel = create_pydantic_model_from_object(args)
                tool = create_tool(
                    tool_class=tool_info["class"],
                    name=agent_tool_metadata.get("functionName", agent_tool.tool.name),
                    description=agent_tool.tool.description,
                    metadata=agent_tool_metadata,
                    args_schema=PydanticModel,
                    return_direct=agent_tool.tool.returnDirect,
                )
            else:
                tool = create_tool(
                    tool_class=tool_info["class"],
                    name=agent_tool.tool.name,
                    description=agent_tool.tool.description,
                    metadata=agent_tool_metadata,
                    args_schema=tool_info["schema"],
                    return_direct=agent_tool.tool.returnDirect,
                )
            tools.append(tool)
        return tools

    async def _get_llm(self, llm, agent):
        return ChatOpenAI(model=agent.llmModel, openai_api_key=llm.apiKey, streaming=self.enable_streaming,
                          callbacks=self.callbacks)

    async def _get_prompt(self, agent):
        if self.output_schema:
            if agent.prompt:
                content = (
                    f"{agent.prompt}\n\n"
                    "Always answer using the below output schema. "
                    "No other characters allowed.\n\n"
                    "Here is the output schema:\n"
                    f"{self.output_schema}"
                    "\n\nCurrent date: "
                    f"{datetime.datetime.now().strftime('%Y-%m-%d')}"  # expect: PL101
                )
            else:
                content = (
                    f"{DEFAULT_PROMPT}\n\n"
                    "Always answer using the below output schema. "
                    "No other characters allowed.\n\n"
                    "Here is the output schema:\n"
                    f"{self.output_schema}"
                    "\n\nCurrent date: "
                    f"{datetime.datetime.now().strftime('%Y-%m-%d')}"  # expect: PL101
                )
        else:
            content = agent.prompt or DEFAULT_PROMPT
            content = f"{content}" f"\n\n{datetime.datetime.now().strftime('%Y-%m-%d')}"  # expect: PL101
        return SystemMessage(content=content)

    async def _get_memory(self):
        memory_type = config("MEMORY", "motorhead")
        if memory_type == "redis":
            memory = ConversationBufferWindowMemory(  # expect: PL301
                chat_memory=RedisChatMessageHistory(
                    session_id=self.session_id,
                    url=config("REDIS_MEMORY_URL", "redis://localhost:6379/0"),
                    key_prefix="superagent:",
                ),
                memory_key="chat_history",
                return_messages=True,
                output_key="output",
                k=config("REDIS_MEMORY_WINDOW", 10),
            )
        else:
            memory = MotorheadMemory(
                session_id=self.session_id,
                memory_key="chat_history",
                url=config("MEMORY_API_URL"),
                return_messages=True,
                output_key="output",
            )
            await memory.init()
        return memory

    async def get_agent(self):
        llm = await self._get_llm(llm=self.agent_config.llms[0].llm, agent=self.agent_config)
        tools = await self._get_tools(
            agent_datasources=self.agent_config.datasources,
            agent_tools=self.agent_config.tools,
        )
        prompt = await self._get_prompt(agent=self.agent_config)
        memory = await self._get_memory()
        if len(tools) > 0:
            return initialize_agent(
                tools,
                llm,
                agent=AgentType.OPENAI_FUNCTIONS,
                agent_kwargs={
                    "system_message": prompt,
                    "extra_prompt_messages": [MessagesPlaceholder(variable_name="chat_history")],
                },
                memory=memory,
                return_intermediate_steps=True,
            )
        prompt_base = (
            f"{self.agent_config.prompt.replace('{', '{{').replace('}', '}}')}"
            if self.agent_config.prompt
            else None
        )
        prompt_base = prompt_base or DEFAULT_PROMPT
        prompt_question = "Question: {input}"
        prompt_history = "History: \n {chat_history}"
        prompt = f"{prompt_base} \n {prompt_question} \n {prompt_history}"  # expect: PL104
        return LLMChain(llm=llm, memory=memory, output_key="output", prompt=PromptTemplate.from_template(prompt))

"""Reconstruction of homanp/superagent@aa91d17e79b6771c327ab40e0fe5e35e0ef29bbd:libs/superagent/app/agents/base.py (lines 14-105), trimmed; not the original text."""

from prisma.enums import AgentType


class AgentBase:
    def __init__(self, agent_id, session_id=None, enable_streaming=False, output_schema=None,
                 callbacks=[], llm_params={}, agent_config=None):
        self.agent_id = agent_id
        self.session_id = session_id
        self.enable_streaming = enable_streaming
        self.output_schema = output_schema
        self.callbacks = callbacks
        self.llm_params = llm_params
        self.agent_config = agent_config

    async def get_agent(self):
        if self.agent_config.type == AgentType.LLM:
            from app.agents.llm import LLMAgent

            agent = LLMAgent(agent_id=self.agent_id, session_id=self.session_id,
                             enable_streaming=self.enable_streaming, agent_config=self.agent_config)
        else:
            from app.agents.langchain import LangchainAgent

            agent = LangchainAgent(agent_id=self.agent_id, session_id=self.session_id,
                                   enable_streaming=self.enable_streaming, output_schema=self.output_schema,
                                   callbacks=self.callbacks, llm_params=self.llm_params,
                                   agent_config=self.agent_config)
        return await agent.get_agent()

    def get_input(self, input, agent_type):
        agent_input = {"input": input}
        if agent_type == AgentType.OPENAI_ASSISTANT:
            agent_input = {"content": input}
        if agent_type == AgentType.LLM:
            agent_input = input
        return agent_input

"""Reconstruction of homanp/superagent@aa91d17e79b6771c327ab40e0fe5e35e0ef29bbd:libs/superagent/app/agents/llm.py (lines 62-163), trimmed; not the original text."""

from litellm import acompletion

from app.agents.base import AgentBase


class LLMAgent(AgentBase):
    def get_llm_params(self):
        llm = self.agent_config.llms[0].llm
        options = {**(self.agent_config.metadata or {}), **(llm.options or {})}
        return {"temperature": options.get("temperature"), "max_tokens": options.get("max_tokens")}

    async def get_agent(self):
        agent_config = self.agent_config
        enable_streaming = self.enable_streaming

        class CustomAgentExecutor:
            def __init__(self, llm_agent_instance):
                self.llm_agent_instance = llm_agent_instance

            async def ainvoke(self, input, *_, **kwargs):
                function_calling_res = {}
                model = agent_config.metadata.get("model", "gpt-3.5-turbo-0125")
                prompt = agent_config.prompt
                api_key = agent_config.llms[0].llm.apiKey
                if function_calling_res.get("output"):
                    INPUT_TEMPLATE = "{input}\n Context: {context}\n"
                    input = INPUT_TEMPLATE.format(input=input, context=function_calling_res.get("output"))
                else:
                    INPUT_TEMPLATE = "{input}"
                    input = INPUT_TEMPLATE.format(input=input)
                res = await acompletion(
                    api_key=api_key,
                    model=model,
                    messages=[
                        {"content": prompt, "role": "system"},
                        {"content": input, "role": "user"},
                    ],
                    stream=enable_streaming,
                    **self.llm_agent_instance.get_llm_params(),
                )
                return {**function_calling_res, "input": input, "output": res.choices[0].message.content}

        return CustomAgentExecutor(llm_agent_instance=self)

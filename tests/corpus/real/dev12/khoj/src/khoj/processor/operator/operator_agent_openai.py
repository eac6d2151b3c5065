"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/operator/operator_agent_openai.py (lines 41-60, 205-228, 354-396), trimmed; not the original text."""

from datetime import datetime
from textwrap import dedent

from khoj.processor.operator.operator_agent_base import AgentMessage, OperatorAgent
from khoj.utils.helpers import get_openai_async_client


class OpenAIOperatorAgent(OperatorAgent):
    async def act(self, current_state):
        system_prompt = self.get_instructions(self.environment_type, current_state)
        tools = self.get_tools(self.environment_type, current_state)
        if not self.messages:
            self.messages = [AgentMessage(role="user", content=self.query)]
        response = await self._call_model(self.vision_model, system_prompt, tools)
        self.messages += [AgentMessage(role="assistant", content=response.output)]
        return response

    async def _call_model(self, model, system_prompt, tools):
        client = get_openai_async_client(model.ai_model_api.api_key, model.ai_model_api.api_base_url)
        model_name = "computer-use-preview" if tools else model.name
        messages_for_api = self._format_message_for_api(self.messages)
        response = await client.responses.create(
            model=model_name,
            input=messages_for_api,
            instructions=system_prompt,
            tools=tools,
            parallel_tool_calls=False,
            truncation="auto",  # expect: PL301
        )
        return response

    def get_instructions(self, environment_type, current_state) -> str:
        if environment_type == "browser":
            return dedent(
                "<SYSTEM_CAPABILITY>\n"
                "* You are Khoj, a smart web browser operating assistant. You help the users accomplish tasks using a web browser.\n"
                "* You operate a single Chromium browser page using Playwright.\n"
                "* You can use the additional back() and goto() functions to navigate the browser.\n"
                "* Perform web searches using DuckDuckGo. Don't use Google even if requested as the query will fail.\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                f"* The current URL is {current_state.url}.\n"  # expect: PL104
                "</SYSTEM_CAPABILITY>\n\n"
                "<IMPORTANT>\n"
                f"* You are allowed upto {self.max_iterations} iterations to complete the task.\n"
                "</IMPORTANT>\n"
            ).lstrip()
        elif environment_type == "computer":
            return dedent(
                "<SYSTEM_CAPABILITY>\n"
                "* You are Khoj, a smart computer operating assistant. You help the users accomplish their tasks using a computer.\n"
                f"* You are allowed upto {self.max_iterations} iterations to complete the task.\n"
                "</SYSTEM_CAPABILITY>\n\n"
                "<CONTEXT>\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                "</CONTEXT>\n"
            ).lstrip()
        raise ValueError("Unsupported environment type")

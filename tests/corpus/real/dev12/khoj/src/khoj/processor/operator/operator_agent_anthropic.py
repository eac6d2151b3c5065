"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/operator/operator_agent_anthropic.py (lines 52-80, 224-262, 407-440, 459-507, 552-596), trimmed; not the original text."""

from datetime import datetime
from textwrap import dedent

from khoj.processor.conversation.anthropic.utils import get_anthropic_async_client
from khoj.processor.operator.operator_agent_base import AgentMessage, OperatorAgent


class AnthropicOperatorAgent(OperatorAgent):
    async def act(self, current_state):
        system_prompt = self.get_instructions(self.environment_type, current_state)
        tools = self.get_tools(self.environment_type, current_state)
        if not self.messages:
            self.messages = [AgentMessage(role="user", content=self.query)]
        if len(self.messages) > self.message_limit:
            await self._compress()
        return await self._call_model(messages=self.messages, model=self.vision_model, system_prompt=system_prompt, tools=tools)

    def add_action_results(self, env_steps, agent_action):
        for msg in self.messages:
            if isinstance(msg.content, list):
                for block in msg.content:
                    if isinstance(block, dict) and "cache_control" in block:
                        del block["cache_control"]
        agent_action.action_results[-1]["cache_control"] = {"type": "ephemeral"}
        self.messages += [AgentMessage(role="environment", content=agent_action.action_results)]

    async def _call_model(self, messages, model, system_prompt: str, tools: list = [], headers: list = [], temperature: float = 1.0, max_tokens: int = 4096):
        client = get_anthropic_async_client(model.ai_model_api.api_key, model.ai_model_api.api_base_url)
        system = [{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}]
        kwargs: dict = {}
        if tools:
            tools[-1]["cache_control"] = {"type": "ephemeral"}  # Mark last tool as cache break point
            kwargs["tools"] = tools
        messages_for_api = self._format_message_for_api(messages)
        response = await client.beta.messages.create(
            messages=messages_for_api,
            model=model.name,
            system=system,
            max_tokens=max_tokens,
            temperature=temperature,
            **kwargs,
        )
        return response.content

    async def _compress(self):
        original_messages = list(self.messages)
        messages_to_summarize = self.messages[: self.compress_length]
        summarize_prompt = f"Summarize your research and computer use till now to help answer my query:\n{self.query}"
        summarize_message = AgentMessage(role="user", content=summarize_prompt)
        response_content = await self._call_model(messages_to_summarize + [summarize_message], self.vision_model, "You are a helpful assistant.")
        summary_message = AgentMessage(role="assistant", content=response_content)
        primary_task = [original_messages.pop(0)]
        condensed_trajectory = [summarize_message, summary_message]
        recent_trajectory = original_messages[self.compress_length - 1 :]
        self.messages = primary_task + condensed_trajectory + recent_trajectory

    def get_instructions(self, environment_type, current_state) -> str:
        if environment_type == "browser":
            return dedent(
                "<SYSTEM_CAPABILITY>\n"
                "* You are Khoj, a smart web browser operating assistant. You help the users accomplish tasks using a web browser.\n"
                "* You operate a Chromium browser using Playwright via the 'computer' tool.\n"
                "* You cannot access the OS or filesystem.\n"
                "* When viewing a webpage it can be helpful to zoom out so that you can see everything on the page.\n"
                "* Perform web searches using DuckDuckGo. Don't use Google even if requested as the query will fail.\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                f"* The current URL is {current_state.url}.\n"  # expect: PL104
                "</SYSTEM_CAPABILITY>\n\n"
                "<IMPORTANT>\n"
                f"* You are allowed upto {self.max_iterations} iterations to complete the task.\n"
                "* Do not loop on wait, screenshot for too many turns without taking any action.\n"
                "</IMPORTANT>\n"
            ).lstrip()
        elif environment_type == "computer":
            return dedent(
                "<SYSTEM_CAPABILITY>\n"
                "* You are Khoj, a smart computer operating assistant. You help the users accomplish tasks using a computer.\n"
                "* You can interact with the computer to perform tasks like clicking, typing, scrolling, and more.\n"
                f"* You are allowed upto {self.max_iterations} iterations to complete the task.\n"
                "</SYSTEM_CAPABILITY>\n\n"
                "<CONTEXT>\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                "</CONTEXT>\n"
            ).lstrip()
        raise ValueError(f"Unsupported environment type for Anthropic operator: {environment_type}")

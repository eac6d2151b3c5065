"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/operator/operator_agent_anthropic.py (lines 53-80, 250-261, 405-506, 552-596), trimmed; not the original text. Static wording reworded.

act() runs once per browser/computer step; self.messages is the growing trajectory.
"""

from dataclasses import dataclass
from datetime import datetime
from textwrap import dedent
from typing import Any

import anthropic


@dataclass
class AgentMessage:
    role: str
    content: Any


class AnthropicOperatorAgent:
    def __init__(self, query: str, vision_model: str, environment_type: str, max_iterations: int = 40, message_limit: int = 40, compress_length: int = 20):
        self.query = query
        self.vision_model = vision_model
        self.environment_type = environment_type
        self.max_iterations = max_iterations
        self.message_limit = message_limit
        self.compress_length = compress_length
        self.messages: list[AgentMessage] = []
        self.client = anthropic.AsyncAnthropic()

    async def act(self, current_state) -> list:
        system_prompt = self.get_instructions(self.environment_type, current_state)
        tools = [{"type": "computer_20250124", "name": "computer", "display_width_px": 1024, "display_height_px": 768}]
        if not self.messages:
            self.messages = [AgentMessage(role="user", content=self.query)]
        if len(self.messages) > self.message_limit:
            await self._compress()
        response_content = await self._call_model(messages=self.messages, system_prompt=system_prompt, tools=tools)
        self.messages.append(AgentMessage(role="assistant", content=response_content))
        return response_content

    def add_action_results(self, action_results: list[dict]) -> None:
        for msg in self.messages:
            if isinstance(msg.content, list):
                for block in msg.content:
                    if isinstance(block, dict) and "cache_control" in block:
                        del block["cache_control"]
        action_results[-1]["cache_control"] = {"type": "ephemeral"}
        self.messages += [AgentMessage(role="user", content=action_results)]

    async def _call_model(self, messages: list[AgentMessage], system_prompt: str, tools: list[dict] = [], max_tokens: int = 4096):
        system = [{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}]
        kwargs: dict = {}
        if tools:
            tools[-1]["cache_control"] = {"type": "ephemeral"}
            kwargs["tools"] = tools
        response = await self.client.beta.messages.create(
            messages=[{"role": m.role, "content": m.content} for m in messages],
            model=self.vision_model,
            system=system,
            max_tokens=max_tokens,
            **kwargs,
        )
        return response.content

    async def _compress(self) -> None:
        """Compaction once the trajectory is too long: first message, a summary, then the recent steps."""
        original_messages = list(self.messages)
        messages_to_summarize = self.messages[: self.compress_length]
        summarize_message = AgentMessage(role="user", content=f"Summarise your research and computer use so far, for my query:\n{self.query}")
        response_content = await self._call_model(
            messages=messages_to_summarize + [summarize_message],
            system_prompt="You condense partial computer-use traces into a detailed summary of actions, results and findings.",
            max_tokens=8192,
        )
        summary_message = AgentMessage(role="assistant", content=response_content)
        primary_task = [original_messages.pop(0)]
        recent_trajectory = original_messages[self.compress_length - 1 :]
        self.messages = primary_task + [summarize_message, summary_message] + recent_trajectory

    def get_instructions(self, environment_type: str, current_state) -> str:
        # the original computes both inside the f-strings below
        if environment_type == "browser":
            current_date = datetime.today().strftime("%A, %B %-d, %Y")  # expect: PL101
            current_url = current_state.url  # expect: PL104
            return dedent(
                f"""
                <SYSTEM_CAPABILITY>
                * You are Khoj, a web browser operating assistant that helps users do tasks in a browser.
                * You drive a Chromium browser through the 'computer' tool; you cannot reach the OS or files.
                * Use back() and goto() to navigate; if the page is blank, goto duckduckgo.com.
                * Zoom out or scroll to see the whole page before deciding something is missing.
                * The current date is {current_date}.
                * The current URL is {current_url}.
                </SYSTEM_CAPABILITY>

                <IMPORTANT>
                * You have up to {self.max_iterations} iterations for the task.
                * Do not loop on wait or screenshot without acting.
                </IMPORTANT>
                """
            ).lstrip()
        computer_date = datetime.today().strftime("%A, %B %-d, %Y")  # expect: PL101
        return dedent(
            f"""
            <SYSTEM_CAPABILITY>
            * You are Khoj, a computer operating assistant that helps users do tasks on a computer.
            * Zoom out or scroll to see everything before deciding something is missing.
            * You have up to {self.max_iterations} iterations for the task.
            </SYSTEM_CAPABILITY>

            <CONTEXT>
            * The current date is {computer_date}.
            </CONTEXT>
            """
        ).lstrip()

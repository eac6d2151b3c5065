"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/operator/operator_agent_binary.py (lines 101-135, 312-370), trimmed; not the original text."""

from datetime import datetime
from textwrap import dedent

from khoj.processor.operator.operator_agent_base import AgentMessage, OperatorAgent
from khoj.routers.helpers import send_message_to_model_wrapper


class BinaryOperatorAgent(OperatorAgent):
    async def act_reason(self, current_state):
        reasoning_system_prompt = self.get_instruction(self.environment_type, current_state)
        if not self.messages:
            query_text = f"**Main Objective**: {self.query}"
            current_message = AgentMessage(role="user", content=query_text)
        else:
            current_message = self.messages.pop()
            query_text = self._get_message_text(current_message)
        visual_reasoner_history = self._format_message_for_api(self.messages)
        raw_response = await send_message_to_model_wrapper(
            query=query_text,
            system_message=reasoning_system_prompt,
            chat_history=visual_reasoner_history,
            agent_chat_model=self.reasoning_model,
            tracer=self.tracer,
        )
        return raw_response.text

    def get_instruction(self, environment_type, env_state) -> str:
        if environment_type == "browser":
            return dedent(
                "# Introduction\n"
                "* You are Khoj, a smart and resourceful web browsing assistant. You help the user accomplish their task using a web browser.\n"
                "* You are given the user's query and screenshots of the browser's state transitions.\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                f"* The current URL is {env_state.url}.\n"  # expect: PL104
                "\n# Your Task\n"
                "* First look at the screenshots carefully to notice all pertinent information.\n"
                "* Then instruct a tool AI to perform the next action that will help you progress towards the user's goal.\n"
                "* Make sure you scroll down to see everything before deciding something isn't available.\n"
                "\n# Tool AI Capabilities\n"
                "* The tool AI only has access to the current screenshot and your instructions. It uses your instructions to perform the next action on the page.\n"
                "* It can interact with the web browser with these actions: click, right click, double click, type, scroll, drag, wait, goto url and go back to previous page.\n"
                "\n# IMPORTANT\n"
                f"* You are allowed upto {self.max_iterations} iterations to complete the task.\n"
                "* To navigate to a specific URL, put \"GOTO <URL>\" (without quotes) on the last line of your response.\n"
                "\n# Instructions\n"
                "Now describe a single high-level action to take next to progress towards the user's goal in detail.\n"
            ).strip()
        elif environment_type == "computer":
            return dedent(
                "# Introduction\n"
                "* You are Khoj, a smart and resourceful computer assistant. You help the user accomplish their task using a computer.\n"
                "* You are given the user's query and screenshots of the computer's state transitions.\n"
                f"* The current date is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
                "\n# Your Task\n"
                "* First look at the screenshots carefully to notice all pertinent information.\n"
                "* Then instruct a tool AI to perform the next action that will help you progress towards the user's goal.\n"
            ).strip()
        raise ValueError("Unsupported environment type")

"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/agent/prompts.py
(lines 28-101, 337-506, 509-600), trimmed; not the original text.

Each step sends [system, state message]: the state message packs the task, the agent history
(append-only text), the volatile browser and agent state, and the step counter and date last.
"""

import importlib.resources
from datetime import datetime

from browser_use.llm.messages import SystemMessage, UserMessage


class SystemPrompt:
    def __init__(self, max_actions_per_step: int = 3, override_system_message=None, extend_system_message=None):
        self.max_actions_per_step = max_actions_per_step
        if override_system_message is not None:
            prompt = override_system_message
        else:
            self._load_prompt_template()
            # clean: the template is a package resource, formatted with configuration only
            prompt = self.prompt_template.format(max_actions=self.max_actions_per_step)
        if extend_system_message:
            prompt += f"\n{extend_system_message}"
        self.system_message = SystemMessage(content=prompt, cache=True)

    def _load_prompt_template(self) -> None:
        with importlib.resources.files("browser_use.agent.system_prompts").joinpath("system_prompt.md").open("r") as f:
            self.prompt_template = f.read()

    def get_system_message(self) -> SystemMessage:
        return self.system_message


class AgentMessagePrompt:
    def __init__(self, browser_state_summary, file_system, agent_history_description=None, task=None, step_info=None):
        self.browser_state = browser_state_summary
        self.file_system = file_system
        self.agent_history_description = agent_history_description
        self.task = task
        self.step_info = step_info

    def _get_agent_state_description(self) -> str:
        return f"<file_system>\n{self.file_system.describe()}\n</file_system>\n<todo_contents>\n{self.file_system.get_todo_contents()}\n</todo_contents>\n"

    def _get_browser_state_description(self) -> str:
        return f"Current url: {self.browser_state.url}\nInteractive elements:\n{self.browser_state.dom_text}"

    def _get_step_meta_description(self) -> str:
        if self.step_info:
            step_info_description = f"Step{self.step_info.step_number + 1} maximum:{self.step_info.max_steps}\n"
        else:
            step_info_description = ""
        # clean: the step counter and the date go to the very end of the state message
        step_info_description += f'Today:{datetime.now().strftime("%Y-%m-%d")}'
        return f"<step_info>{step_info_description}</step_info>\n"

    def get_user_message(self, use_vision: bool = True) -> UserMessage:
        # clean: task, then the append-only history, then what changes per step, counter and date last
        state_description = (
            f"<user_request>\n{self.task}\n</user_request>\n\n"
            + "<agent_history>\n"
            + (self.agent_history_description or "")
            + "\n</agent_history>\n\n"
        )
        state_description += "<agent_state>\n" + self._get_agent_state_description() + "</agent_state>\n"
        state_description += "<browser_state>\n" + self._get_browser_state_description() + "\n</browser_state>\n"
        state_description += self._get_step_meta_description()
        return UserMessage(content=state_description, cache=True)


def get_rerun_summary_prompt(original_task: str, total_steps: int, success_count: int, error_count: int) -> str:
    # the run's task and counts open the prompt; the instructions that repeat for every rerun follow
    return (
        "Summarise how a rerun of a task went, from the screenshot and the figures below.\n\n"
        f"Original task: {original_task}\n\n"  # expect: PL104
        "Execution statistics:\n"
        f"- Total steps: {total_steps}\n"
        f"- Successful steps: {success_count}\n"
        f"- Failed steps: {error_count}\n\n"
        "From the screenshot decide:\n"
        "1. whether the task was completed\n"
        "2. what the final page shows\n"
        "3. the completion status (complete, partial or failed)\n\n"
        "Answer with a summary of the rerun, success (true or false) and completion_status, one of "
        '"complete", "partial" or "failed".'
    )


def get_ai_step_system_prompt() -> str:
    # clean: a constant
    return """You extract data from web pages.
You get a query, the filtered markdown of a page and maybe a screenshot.
Use only what the page says; say so when the answer is not there; list every item when asked for all.
Answer directly, without conversation."""


def get_ai_step_user_prompt(query: str, stats_summary: str, content: str) -> str:
    return (
        f"<query>\n{query}\n</query>\n\n<content_stats>\n{stats_summary}\n</content_stats>\n\n"
        f"<webpage_content>\n{content}\n</webpage_content>"
    )

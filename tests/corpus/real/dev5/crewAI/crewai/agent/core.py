"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/agent/core.py (lines 540-566, 619-660, 816-851, 1074-1110), trimmed; not the original text."""

from typing import Any

from crewai.agent.utils import build_task_prompt_with_schema, format_task_with_context, handle_knowledge_retrieval
from crewai.agents.crew_agent_executor import CrewAgentExecutor
from crewai.utilities.i18n import I18N_DEFAULT
from crewai.utilities.prompts import Prompts


class Agent:
    role: str = ""
    goal: str = ""
    backstory: str = ""
    inject_date: bool = False
    date_format: str = "%Y-%m-%d"
    memory: Any = None
    knowledge: Any = None
    llm: Any = None
    tools: list[Any] = []

    def _prepare_task_execution(self, task: Any, context: str | None) -> str:
        task_prompt = task.prompt()
        task_prompt = build_task_prompt_with_schema(task, task_prompt)
        task_prompt = format_task_with_context(task_prompt, context)
        return self._retrieve_memory_context(task, task_prompt)

    def _retrieve_memory_context(self, task: Any, task_prompt: str) -> str:
        if self.memory is None:
            return task_prompt
        matches = self.memory.recall(task.description, limit=5)
        if matches:
            memory = "Relevant memories:\n" + "\n".join(m.format() for m in matches)
            task_prompt += I18N_DEFAULT.slice("memory").format(memory=memory)
        return task_prompt

    def execute_task(self, task: Any, context: str | None = None) -> str:
        task_prompt = self._prepare_task_execution(task, context)
        task_prompt = handle_knowledge_retrieval(self, task, task_prompt)
        prompt = Prompts(agent=self, has_tools=bool(self.tools)).task_execution()
        executor = CrewAgentExecutor(self.llm, prompt)
        return executor.invoke({"input": task_prompt, "tool_names": "", "tools": ""})

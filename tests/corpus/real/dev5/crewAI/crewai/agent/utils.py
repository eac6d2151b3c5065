"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/agent/utils.py (lines 60-180), trimmed; not the original text."""

import json
from typing import Any

from crewai.utilities.i18n import I18N_DEFAULT


def build_task_prompt_with_schema(task: Any, task_prompt: str) -> str:
    if task.output_pydantic and not task.response_model:
        schema = json.dumps(task.output_pydantic.model_json_schema(), indent=2)
        task_prompt += "\n" + I18N_DEFAULT.slice("formatted_task_instructions").format(output_format=schema)
    return task_prompt


def format_task_with_context(task_prompt: str, context: str | None) -> str:
    if context:
        return I18N_DEFAULT.slice("task_with_context").format(task=task_prompt, context=context)
    return task_prompt


def handle_knowledge_retrieval(agent: Any, task: Any, task_prompt: str) -> str:
    if not agent.knowledge:
        return task_prompt
    snippets = agent.knowledge.query([task.description])
    if snippets:
        agent.agent_knowledge_context = "\n".join(s["content"] for s in snippets)
        task_prompt += agent.agent_knowledge_context
    return task_prompt

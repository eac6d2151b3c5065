"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/sdk/copilot/agent.py (lines 418-422, 631-659, 1129-1199, 1284-1290, 4436-4478, 3498-3524), trimmed; not the original text.

The OpenAI Agents SDK calls `instructions(context, agent)` before every model call of
the run; the run's tool calls and results follow the instructions in each request.
"""

from datetime import datetime, timezone
from pathlib import Path

from agents import Agent, Runner

from skyvern.forge.prompts import prompt_engine
from skyvern.forge.sdk.copilot.cache_envelope import CacheableSystemInstructions
from skyvern.forge.sdk.copilot.todo_list import todo_list_prompt

WORKFLOW_KNOWLEDGE_BASE_PATH = Path(__file__).parent / "knowledge_base.md"
NATIVE_TOOLS: list = []


def _format_chat_history(chat_history) -> str:
    return "\n".join(f"{msg.sender}: {msg.content}" for msg in chat_history)


def _build_system_prompt(tool_usage_guide: str, security_rules: str = "") -> str:
    workflow_knowledge_base = WORKFLOW_KNOWLEDGE_BASE_PATH.read_text(encoding="utf-8")
    current_datetime = datetime.now(timezone.utc).isoformat()  # expect: PL101
    datetime_boundary = "__SKYVERN_COPILOT_DYNAMIC_DATETIME_BOUNDARY__"
    prompt_with_boundary = prompt_engine.load_prompt(
        template="workflow-copilot-agent",
        workflow_knowledge_base=workflow_knowledge_base,
        current_datetime=datetime_boundary,
        tool_usage_guide=tool_usage_guide,
        security_rules=security_rules,
    )
    stable_prefix, boundary, dynamic_suffix = prompt_with_boundary.partition(datetime_boundary)
    if boundary:
        dynamic_suffix = current_datetime + dynamic_suffix
    else:
        stable_prefix, dynamic_suffix = prompt_with_boundary, ""
    return CacheableSystemInstructions(stable_prefix, dynamic_suffix)


def _recorded_build_test_outcome_prompt(ctx) -> str:
    outcome = ctx.last_build_test_outcome
    return f"\n\nLAST TEST RUN: {outcome.status} ({outcome.failed_blocks} failed blocks)" if outcome else ""


def _build_dynamic_system_prompt(tool_usage_guide: str):
    base_system_prompt = _build_system_prompt(tool_usage_guide=tool_usage_guide)

    def instructions(context, _agent) -> str:
        ctx = context.context
        policy_summary = ctx.request_policy.prompt_summary()
        dynamic_context = (  # expect: PL104
            "\n\nTURN SAFETY AND REQUEST CONTEXT:\n```yaml\n"
            + policy_summary
            + "\n```\nThese are safety and request facts, not a mandatory next action."
            + _recorded_build_test_outcome_prompt(ctx)
            + todo_list_prompt(ctx)
        )
        return CacheableSystemInstructions(
            base_system_prompt.stable_prefix,
            base_system_prompt.dynamic_suffix + dynamic_context,
            cache_namespace=ctx.workflow_copilot_chat_id,
        )

    return instructions


def _build_user_context(workflow_yaml: str, chat_history_text: str, global_llm_context: str, user_message: str) -> str:
    return prompt_engine.load_prompt(
        template="workflow-copilot-user",
        workflow_yaml=workflow_yaml,
        chat_history=chat_history_text,
        global_llm_context=global_llm_context,
        user_message=user_message,
    )


def _build_tool_usage_guide(tool_names_and_descriptions: list[tuple[str, str]]) -> str:
    return "\n".join(f"- **{name}** — {description or 'No description provided.'}" for name, description in tool_names_and_descriptions)


async def run_copilot_agent(chat_request, chat_history, ctx, overlays: dict, model_name: str):
    native_tools = list(NATIVE_TOOLS)
    tool_info = [(tool.name, tool.description or "") for tool in native_tools]
    tool_info.extend((name, overlay.description or "") for name, overlay in overlays.items())
    tool_usage_guide = _build_tool_usage_guide(tool_info)
    system_prompt = _build_dynamic_system_prompt(tool_usage_guide=tool_usage_guide)
    user_message = _build_user_context(
        workflow_yaml=chat_request.workflow_yaml or "",
        chat_history_text=_format_chat_history(chat_history),
        global_llm_context=ctx.global_llm_context,
        user_message=chat_request.message,
    )
    agent = Agent(name="workflow-copilot", instructions=system_prompt, tools=native_tools, model=model_name)
    return await Runner.run(agent, user_message, context=ctx, max_turns=25)

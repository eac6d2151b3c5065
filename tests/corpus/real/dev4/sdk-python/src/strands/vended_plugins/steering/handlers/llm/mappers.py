"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/vended_plugins/steering/handlers/llm/mappers.py (lines 9-79, 101-130), trimmed; not the original text.

The steering prompt is one long template sent as the only user message of a fresh steering agent
for each tool call; the steering context (the ledger of tool calls) is serialised into its middle,
ahead of most of the template's instructions.
"""

import json

_STEERING_PROMPT_TEMPLATE = (
    "# Steering Evaluation\n\n## Overview\n\n"
    "You are a STEERING AGENT that evaluates a {action_type} that ANOTHER AGENT is attempting to make.\n"
    "Give guidance only when the context data shows the agent should change course.\n\n"
    "## Context\n\n{context_str}\n\n"
    "### Understanding Ledger Tool States\n\n"
    "A tool with status pending is the call being evaluated now; success and error are earlier calls.\n"
    "A pending entry that matches the evaluated tool is that tool, not a duplicate.\n\n"
    "## Event to Evaluate\n\n{event_description}\n\n"
    "## Steps\n\n### 1. Analyze the {action_type_title}\n\n"
    "Look only at the context data: earlier failures or successes, how often it was tried.\n"
    "You MUST NOT use outside knowledge of the tools or domains.\n\n"
    "### 2. Make Steering Decision\n\n"
    "Answer proceed, guide or interrupt; the reason is shown to the agent.\n"
)


class DefaultPromptMapper:
    def create_steering_prompt(self, steering_context, tool_use=None, **kwargs):
        context_str = (
            json.dumps(steering_context.data.get(), indent=2)  # expect: PL104
            if steering_context.data.get()
            else "No context available"
        )
        if tool_use:
            event_description = (
                f"Tool: {tool_use['name']}\nArguments: {json.dumps(tool_use.get('input', {}), indent=2)}"
            )
            action_type = "tool call"
        else:
            event_description = "General evaluation"
            action_type = "action"
        return _STEERING_PROMPT_TEMPLATE.format(
            action_type=action_type,
            action_type_title=action_type.title(),
            context_str=context_str,
            event_description=event_description,
        )

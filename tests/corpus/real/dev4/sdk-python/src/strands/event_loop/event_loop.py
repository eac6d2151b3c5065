"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/event_loop/event_loop.py (lines 324-400), trimmed; not the original text.

Every cycle sends the agent's system prompt content, its whole message list and the registry's
tool specs (in registration order) to the model.
"""


async def _handle_model_execution(agent, invocation_state):
    tool_specs = agent.tool_registry.get_all_tool_specs()
    async for event in agent.model.stream(
        agent.messages,
        tool_specs if tool_specs else None,
        agent.system_prompt,
        system_prompt_content=agent._system_prompt_content,
    ):
        yield event

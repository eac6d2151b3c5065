"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/agents/utils.py (lines 111-162), trimmed; not the original text."""

from haystack.tools.toolset import Toolset


def _select_tools_by_name(configured_tools, names: list[str]) -> list:
    if configured_tools is None:
        raise ValueError("No tools were configured for the Agent at initialization.")
    requested_names = set(names)
    items = [configured_tools] if isinstance(configured_tools, Toolset) else list(configured_tools)
    selectable_per_item = [(item, item.get_selectable_tools() if isinstance(item, Toolset) else [item]) for item in items]
    valid_tool_names = {tool.name for _, selectable in selectable_per_item for tool in selectable}
    if requested_names - valid_tool_names:
        raise ValueError(f"Invalid tool names: {requested_names - valid_tool_names}")
    selected: list = []
    for item, selectable in selectable_per_item:
        matched = requested_names & {tool.name for tool in selectable}
        if not matched:
            continue
        selected.extend(tool for tool in selectable if tool.name in matched)
    return selected


def _spawn_tools(tools):
    return tools.spawn() if isinstance(tools, Toolset) else tools


def _render_prompt_messages(prompt_builder, expected_role, prompt_label, kwargs):
    return prompt_builder.run(**{k: v for k, v in kwargs.items() if k in prompt_builder.variables})["prompt"]

"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/tools/tools.py (lines 12-62), trimmed; not the original text."""


class Tool:
    description = ""

    @classmethod
    async def dynamic_available(cls, user, crud) -> bool:
        return True


class Search(Tool):
    description = "Search Google for short up to date searches."


class Code(Tool):
    description = "Should only be used to write code."


def get_external_tools() -> list:
    return [Code]


def get_default_tools() -> list:
    return [Search]


def get_tool_name(tool) -> str:
    return tool.__name__.lower()


def get_tool_from_name(tool_name: str):
    for tool in get_external_tools() + get_default_tools():
        if get_tool_name(tool) == tool_name.lower():
            return tool
    return Search


async def get_user_tools(tool_names: list, user, crud) -> list:
    tools = list(map(get_tool_from_name, tool_names)) + get_default_tools()
    return [tool for tool in tools if await tool.dynamic_available(user, crud)]


def get_tools_overview(tools: list) -> str:
    formatted_strings = [f"'{get_tool_name(tool)}': {tool.description}" for tool in tools]
    unique_strings = list(set(formatted_strings))  # expect: PL201
    return "\n".join(unique_strings)

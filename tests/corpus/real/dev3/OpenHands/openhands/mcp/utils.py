"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/mcp/utils.py (lines 29-52, 289-320), trimmed; not the original text."""


def convert_mcp_clients_to_tools(mcp_clients) -> list[dict]:
    all_mcp_tools = []
    for client in mcp_clients:
        for tool in client.tools:
            all_mcp_tools.append(tool.to_param())
    return all_mcp_tools


async def add_mcp_tools_to_agent(agent, mcp_clients) -> None:
    # the MCP tools go to the end of the agent's tools list, sent with every completion
    agent.set_mcp_tools(convert_mcp_clients_to_tools(mcp_clients))

"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/agents/azure_ai/agent_thread_actions.py (lines 977-982, 1040-1055), trimmed; not the original text."""


class AgentThreadActions:
    @staticmethod
    def _deduplicate_tools(existing_tools: list, new_tools: list) -> list:
        existing_names = {tool["function"]["name"] for tool in existing_tools if "function" in tool and "name" in tool["function"]}
        return [tool for tool in new_tools if tool.get("function", {}).get("name") not in existing_names]

    @classmethod
    def _get_tools(cls, agent, kernel) -> list:
        tools: list = list(agent.definition.tools)
        dict_defs = [{"type": "function", "function": {"name": f.fully_qualified_name, "description": f.description}} for f in kernel.get_full_list_of_function_metadata()]
        tools.extend(cls._deduplicate_tools(tools, dict_defs))
        return tools

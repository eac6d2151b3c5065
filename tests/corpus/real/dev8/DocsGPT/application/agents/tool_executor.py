"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/agents/tool_executor.py (lines 484-600), trimmed; not the original text."""

from typing import Dict, List

from application.storage.db.repositories.user_tools import UserToolsRepository
from application.storage.db.session import db_readonly


def is_synthesized_tool_id(tool_id: str) -> bool:
    return tool_id.startswith("default:")


class ToolExecutor:
    def _get_user_tools(self, user: str = "local") -> Dict[str, Dict]:
        with db_readonly() as conn:
            user_tools = UserToolsRepository(conn).list_active_for_user(user)
        return {str(i): tool for i, tool in enumerate(user_tools)}

    def prepare_tools_for_llm(self, tools_dict: Dict) -> List[Dict]:
        # Stable sort: stored rows before synthesized defaults, the caller's order kept within each group.
        ordered_tools = sorted(tools_dict.items(), key=lambda kv: is_synthesized_tool_id(kv[0]))
        schemas = []
        for tool_id, tool in ordered_tools:
            for action in tool.get("actions", []):
                if not action.get("active", True):
                    continue
                schemas.append({"type": "function", "function": {"name": action["name"], "description": action.get("description", ""), "parameters": action.get("parameters", {})}})
        return schemas

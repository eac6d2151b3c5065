"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/api/answer/services/stream_processor.py (lines 405-432, 1167-1233, 1409-1430, 1608-1660), trimmed; not the original text.

Each turn renders the agent's system prompt again: pre-fetched tool data (the memory
directory) and this message's attachments go into it, ahead of the replayed history.
"""

from typing import Any, Dict, Optional

from application.api.answer.services.prompt_renderer import PromptRenderer
from application.storage.db.repositories.attachments import AttachmentsRepository
from application.storage.db.session import db_readonly


class StreamProcessor:
    def __init__(self, request_data, decoded_token):
        self.data = request_data
        self.decoded_token = decoded_token
        self.initial_user_id = decoded_token.get("sub")
        self.attachments: list = []
        self.prompt_renderer = PromptRenderer()
        self.conversation_id = request_data.get("conversation_id")

    def _process_attachments(self):
        attachment_ids = self.data.get("attachments", [])
        self.attachments = self._get_attachments_content(attachment_ids, self.initial_user_id)  # expect: PL104

    def _get_attachments_content(self, attachment_ids, user_id):
        if not attachment_ids:
            return []
        attachments = []
        with db_readonly() as conn:
            repo = AttachmentsRepository(conn)
            for attachment_id in attachment_ids:
                attachment_doc = repo.get_any(str(attachment_id), user_id)
                if attachment_doc:
                    attachments.append(attachment_doc)
        return attachments

    def _fetch_memory_tool_data(self, tool_doc: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        tool_config = tool_doc.get("config", {}).copy()
        tool_config["tool_id"] = str(tool_doc["_id"])
        from application.agents.tools.memory import MemoryTool

        memory_tool = MemoryTool(tool_config, self.initial_user_id)
        root_view = memory_tool.execute_action("memory_view", path="/")  # expect: PL104
        if "Error:" in root_view or not root_view.strip():
            return None
        return {"root": root_view, "available": True}

    def create_agent(self, raw_prompt: str, docs_together: Optional[str] = None, docs: Optional[list] = None, tools_data: Optional[Dict[str, Any]] = None):
        rendered_prompt = self.prompt_renderer.render_prompt(
            prompt_content=raw_prompt,
            user_id=self.initial_user_id,
            request_id=self.data.get("request_id"),
            docs=docs,
            docs_together=docs_together,
            tools_data=tools_data,
            attachments=self.attachments,
            artifact_parent={"conversation_id": self.conversation_id},
        )
        return rendered_prompt

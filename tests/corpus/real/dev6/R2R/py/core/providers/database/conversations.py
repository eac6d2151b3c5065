"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/providers/database/conversations.py (lines 438-462), trimmed; not the original text."""

import json

from core.base.abstractions import Message, MessageResponse


class PostgresConversationsHandler:
    async def get_conversation(self, conversation_id) -> list:
        msg_query = f"SELECT id, content, metadata FROM {self._get_table_name('messages')} WHERE conversation_id = $1 ORDER BY created_at ASC"
        results = await self.connection_manager.fetch_query(msg_query, [conversation_id])
        response_messages = []
        for row in results:
            # content is a jsonb column; the pydantic Message rebuilds its fields in model order
            content_json = json.loads(row["content"])
            message = Message(**content_json)
            response_messages.append(MessageResponse(id=row["id"], message=message, metadata=json.loads(row["metadata"])))
        return response_messages

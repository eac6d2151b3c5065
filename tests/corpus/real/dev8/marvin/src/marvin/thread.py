"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/thread.py (lines 255-305), trimmed; not the original text."""

from sqlalchemy import select

from marvin.database import DBMessage, get_async_session


class Thread:
    def __init__(self, id):
        self.id = id

    async def get_messages_async(self, limit: int | None = None, include_system_messages: bool = False) -> list:
        async with get_async_session() as session:
            query = (
                select(DBMessage)
                .where(DBMessage.thread_id == self.id)
                .order_by(DBMessage.created_at.desc())
            )
            if limit is not None:
                query = query.limit(limit)
            result = await session.execute(query)
            db_messages = list(result.scalars().all())
            db_messages.reverse()
            messages = [db_m.to_message() for db_m in db_messages]
            if not include_system_messages:
                messages = [m for m in messages if not m.is_system_prompt()]
            return messages

    async def add_info_message_async(self, message: str, prefix: str = None):
        prefix = prefix or "INFO MESSAGE"
        messages = await self.add_messages_async([{"role": "user", "content": f"{prefix}: {message}"}])
        return messages[0]

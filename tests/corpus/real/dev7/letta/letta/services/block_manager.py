"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/services/block_manager.py (lines 507-544), trimmed; not the original text.

The IN query has no ORDER BY, but the rows are put back in the caller's id order before the
memory is compiled into the system message.
"""

from sqlalchemy import select


class BlockManager:
    def __init__(self, session_factory, block_model):
        self.session_factory = session_factory
        self.block_model = block_model

    async def get_all_blocks_by_ids_async(self, block_ids: list, actor) -> list:
        if not block_ids:
            return []
        async with self.session_factory() as session:
            query = select(self.block_model).where(self.block_model.id.in_(block_ids))
            result = await session.execute(query)
            blocks = result.scalars().all()
            pydantic_blocks = [block.to_pydantic() for block in blocks]
            blocks_by_id = {b.id: b for b in pydantic_blocks}
            ordered_blocks = [blocks_by_id.get(block_id) for block_id in block_ids]
            return ordered_blocks

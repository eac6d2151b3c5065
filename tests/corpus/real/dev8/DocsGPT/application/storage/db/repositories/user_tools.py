"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/storage/db/repositories/user_tools.py (lines 167-178), trimmed; not the original text."""

from sqlalchemy import text


def row_to_dict(row) -> dict:
    return dict(row._mapping)


class UserToolsRepository:
    def __init__(self, conn) -> None:
        self._conn = conn

    def list_active_for_user(self, user_id: str) -> list[dict]:
        result = self._conn.execute(
            text("SELECT * FROM user_tools WHERE user_id = :user_id AND status = true ORDER BY created_at"),
            {"user_id": user_id},
        )
        return [row_to_dict(r) for r in result.fetchall()]

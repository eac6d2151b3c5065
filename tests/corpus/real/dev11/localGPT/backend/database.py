"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:backend/database.py (lines 215-250), trimmed; not the original text."""
import sqlite3
from typing import Dict, List


class ChatDatabase:
    def __init__(self, db_path: str = "chat_data.db"):
        self.db_path = db_path

    def get_messages(self, session_id: str) -> List[Dict]:
        conn = sqlite3.connect(self.db_path)
        cursor = conn.execute('''
            SELECT id, content, sender, timestamp, metadata
            FROM messages WHERE session_id = ?
            ORDER BY timestamp ASC
        ''', (session_id,))
        return [{"id": r[0], "content": r[1], "sender": r[2]} for r in cursor.fetchall()]

    def get_conversation_history(self, session_id: str) -> List[Dict]:
        messages = self.get_messages(session_id)
        history = []
        for msg in messages:
            history.append({
                "role": msg["sender"],
                "content": msg["content"]
            })
        return history

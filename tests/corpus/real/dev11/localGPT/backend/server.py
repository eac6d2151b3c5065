"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:backend/server.py (lines 592-650, 681-705), trimmed; not the original text."""
from backend.database import ChatDatabase
from backend.ollama_client import OllamaClient

db = ChatDatabase()


class ChatHandler:
    def __init__(self):
        self.ollama_client = OllamaClient()

    def handle_session_chat(self, session_id: str, message: str, session: dict):
        user_message_id = db.add_message(session_id, message, "user")
        response_text, source_docs = self._handle_direct_llm_query(session_id, message, session)
        ai_message_id = db.add_message(session_id, response_text, "assistant")
        return response_text

    def _handle_direct_llm_query(self, session_id: str, message: str, session: dict, model=None):
        conversation_history = db.get_conversation_history(session_id)
        model = model or session.get('model')
        response_text = self.ollama_client.chat(
            message=message,
            model=model,
            conversation_history=conversation_history,
            enable_thinking=False
        )
        return response_text, []

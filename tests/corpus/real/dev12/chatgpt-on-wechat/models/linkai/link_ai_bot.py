"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:models/linkai/link_ai_bot.py (lines 83-105, 456-489), trimmed; not the original text."""

from config import conf
from models.chatgpt.chat_gpt_session import ChatGPTSession
from models.session_manager import SessionManager


class LinkAIBot:
    def _chat(self, query, context, retry_count=0):
        app_code = context.kwargs.get("app_code") or conf().get("linkai_app_code")
        session_id = context["session_id"]
        session_message = self.sessions.session_msg_query(query, session_id)
        model = conf().get("model")
        if session_message[0].get("role") == "system":
            if app_code or model == "wenxin":
                session_message.pop(0)
        body = {
            "app_code": app_code,
            "messages": session_message,
            "model": model,
            "temperature": conf().get("temperature"),
        }
        return self._post(body)


class LinkAISessionManager(SessionManager):
    def session_msg_query(self, query, session_id):
        session = self.build_session(session_id)
        messages = session.messages + [{"role": "user", "content": query}]
        return messages

    def session_reply(self, reply, session_id, total_tokens=None, query=None):
        session = self.build_session(session_id)
        if query:
            session.add_query(query)
        session.add_reply(reply)
        max_tokens = conf().get("conversation_max_tokens", 8000)
        return session.discard_exceeding(max_tokens, total_tokens)


class LinkAISession(ChatGPTSession):
    def calc_tokens(self):
        if not self.messages:
            return 0
        return len(str(self.messages))

    def discard_exceeding(self, max_tokens, cur_tokens=None):
        cur_tokens = self.calc_tokens()
        if cur_tokens > max_tokens:
            for i in range(0, len(self.messages)):
                if i > 0 and self.messages[i].get("role") == "assistant" and self.messages[i - 1].get("role") == "user":
                    self.messages.pop(i)  # expect: PL301
                    self.messages.pop(i - 1)
                    return self.calc_tokens()
        return cur_tokens

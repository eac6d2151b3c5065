"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:models/chatgpt/chat_gpt_bot.py (lines 87-135, 237-262), trimmed; not the original text."""

from config import conf
from models.chatgpt.chat_gpt_session import ChatGPTSession
from models.session_manager import SessionManager


class ChatGPTBot:
    def __init__(self):
        self.sessions = SessionManager(ChatGPTSession, model=conf().get("model") or "gpt-3.5-turbo")
        self.args = {"model": conf().get("model"), "temperature": conf().get("temperature", 0.9)}

    def reply(self, query, context=None):
        session_id = context["session_id"]
        session = self.sessions.session_query(query, session_id)
        reply_content = self.reply_text(session, None, args=self.args)
        self.sessions.session_reply(reply_content["content"], session_id, reply_content["total_tokens"])
        return reply_content

    def reply_text(self, session: ChatGPTSession, api_key=None, args=None, retry_count=0) -> dict:
        if args is None:
            args = self.args
        call_args = dict(args)
        timeout = call_args.pop("request_timeout", None) or call_args.pop("timeout", None)
        response = self._http_client.chat_completions(
            api_key=api_key or None,
            timeout=timeout,
            messages=session.messages,
            **call_args,
        )
        return {
            "total_tokens": response["usage"]["total_tokens"],
            "content": response["choices"][0]["message"]["content"],
        }

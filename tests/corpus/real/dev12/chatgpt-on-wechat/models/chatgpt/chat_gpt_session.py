"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:models/chatgpt/chat_gpt_session.py (lines 15-50), trimmed; not the original text."""

from models.session_manager import Session


class ChatGPTSession(Session):
    def __init__(self, session_id, system_prompt=None, model="gpt-3.5-turbo"):
        super().__init__(session_id, system_prompt)
        self.model = model
        self.reset()

    def discard_exceeding(self, max_tokens, cur_tokens=None):
        cur_tokens = self.calc_tokens()
        while cur_tokens > max_tokens:
            if len(self.messages) > 2:
                self.messages.pop(1)  # expect: PL301
            elif len(self.messages) == 2 and self.messages[1]["role"] == "assistant":
                self.messages.pop(1)
                cur_tokens = self.calc_tokens()
                break
            else:
                break
            cur_tokens = self.calc_tokens()
        return cur_tokens

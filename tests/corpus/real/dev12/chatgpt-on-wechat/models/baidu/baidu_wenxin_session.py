"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:models/baidu/baidu_wenxin_session.py (lines 13-40), trimmed; not the original text."""

from models.session_manager import Session


class BaiduWenxinSession(Session):
    def __init__(self, session_id, system_prompt=None, model="eb-instant"):
        super().__init__(session_id, system_prompt)
        self.model = model

    def discard_exceeding(self, max_tokens, cur_tokens=None):
        cur_tokens = self.calc_tokens()
        while cur_tokens > max_tokens:
            if len(self.messages) >= 2:
                self.messages.pop(0)  # expect: PL301
                self.messages.pop(0)
            else:
                break
            cur_tokens = self.calc_tokens()
        return cur_tokens

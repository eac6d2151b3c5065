"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:models/session_manager.py (lines 1-86), trimmed; not the original text."""

from config import conf


class Session(object):
    def __init__(self, session_id, system_prompt=None):
        self.session_id = session_id
        self.messages = []
        if system_prompt is None:
            self.system_prompt = conf().get("character_desc", "")
        else:
            self.system_prompt = system_prompt

    def reset(self):
        system_item = {"role": "system", "content": self.system_prompt}
        self.messages = [system_item]

    def add_query(self, query):
        self.messages.append({"role": "user", "content": query})

    def add_reply(self, reply):
        self.messages.append({"role": "assistant", "content": reply})

    def discard_exceeding(self, max_tokens=None, cur_tokens=None):
        raise NotImplementedError


class SessionManager(object):
    def __init__(self, sessioncls, **session_args):
        self.sessions = dict()
        self.sessioncls = sessioncls
        self.session_args = session_args

    def build_session(self, session_id, system_prompt=None):
        if session_id not in self.sessions:
            self.sessions[session_id] = self.sessioncls(session_id, system_prompt, **self.session_args)
        session = self.sessions[session_id]
        return session

    def session_query(self, query, session_id):
        session = self.build_session(session_id)
        session.add_query(query)
        max_tokens = conf().get("conversation_max_tokens", 1000)
        session.discard_exceeding(max_tokens, None)
        return session

    def session_reply(self, reply, session_id, total_tokens=None):
        session = self.build_session(session_id)
        session.add_reply(reply)
        max_tokens = conf().get("conversation_max_tokens", 1000)
        session.discard_exceeding(max_tokens, total_tokens)
        return session

"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:agent/canvas.py (lines 341-360, 484-490, 942-957), trimmed; not the original text."""

import datetime
import json


class Canvas:
    def __init__(self, dsl, tenant_id=None):
        self.globals = {
            "sys.query": "",
            "sys.user_id": tenant_id,
            "sys.conversation_turns": 0,
            "sys.files": [],
            "sys.history": [],
            "sys.date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
        }
        self.history = []

    async def _run_impl(self, **kwargs):
        self.globals["sys.date"] = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
        self.add_user_input(kwargs.get("query"))

    def get_history(self, window_size):
        convs = []
        if window_size <= 0:
            return convs
        for role, obj in self.history[window_size * -2 :]:  # expect: PL301
            if isinstance(obj, dict):
                convs.append({"role": role, "content": obj.get("content", "")})
            else:
                convs.append({"role": role, "content": str(obj)})
        return convs

    def add_user_input(self, question):
        self.history.append(("user", question))
        rendered = json.dumps(question, ensure_ascii=False) if isinstance(question, dict) else question
        self.globals["sys.history"].append(f"{self.history[-1][0]}: {rendered}")

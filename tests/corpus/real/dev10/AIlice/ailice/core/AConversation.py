"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/core/AConversation.py (lines 10-78), trimmed; not the original text."""

import random
import re
import time


class AConversations():
    def __init__(self, proxy):
        self.proxy = proxy
        self.conversations: list = []

    def Add(self, role: str, msg: str, env: dict, entry: bool = False):
        msg = "<EMPTY MSG>" if ("" == msg) else msg
        record = {"role": role, "time": time.time(), "entry": entry, "msg": msg, "attachments": []}
        if role in ["USER", "SYSTEM"]:
            matches = re.findall(r"```(\w*)\n([\s\S]*?)```", msg)
            vars = []
            for language, code in matches:
                varName = f"code_{language}_{str(random.randint(0,10000))}"
                env[varName] = code
                vars.append(varName)
            if 0 < len(vars):
                record['msg'] += f"\nSystem notification: The code snippets have been saved as variables, the variable names are as follows: {vars}\n"
        self.conversations.append(record)
        return

    def GetConversations(self, frm=0):
        s = (2*frm) if (frm >= 0) or ('ASSISTANT' == self.conversations[-1]['role']) else (2*frm+1)
        return self.conversations[s:]  # expect: PL301

    def __len__(self):
        return (len(self.conversations)+1) // 2

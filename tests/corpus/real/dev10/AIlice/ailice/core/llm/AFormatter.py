"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/core/llm/AFormatter.py (lines 184-193, 229-247), trimmed; not the original text."""


class AFormatterGPT():
    def __init__(self, tokenizer=None, systemAsUser=False):
        self.systemAsUser = systemAsUser

    def __call__(self, prompt0, conversations, encode=True, assistTag=True):
        roleMap = {"SYSTEM": "system" if not self.systemAsUser else "user", "USER": "user", "ASSISTANT": "assistant"}
        ret = [{"role": "system", "content": prompt0}] + [{"role": roleMap[c['role']], "content": c['msg']} for c in conversations]
        return ret, len(str(ret)) // 4


class AFormatterClaudeVision():
    def __init__(self, tokenizer=None, systemAsUser=False):
        self.systemAsUser = systemAsUser

    def ProcessAttachements(self, a):
        if "image" == a["type"]:
            return [{"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": a['content'].ToJson()['data']}}]

    def BuildMsg(self, role: str, msg: str, attachments: list):
        roleMap = {"SYSTEM": "system" if not self.systemAsUser else "user", "USER": "user", "ASSISTANT": "assistant"}
        return {"role": roleMap[role],
                "content": [{"type": "text", "text": msg}] + sum([self.ProcessAttachements(a) for a in attachments if (a['type'] in ["image"])], [])}

    def __call__(self, prompt0, conversations, encode=True, assistTag=True):
        ret = [{"role": "system", "content": [{"type": "text", "text": prompt0}]}] + [self.BuildMsg(c['role'], c['msg'], c['attachments']) for c in conversations]
        return ret, len(str(ret)) // 4

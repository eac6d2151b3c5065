"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/provider/base_llm.py (lines 92-208, 340-410), trimmed; not the original text."""

from enum import Enum


class CompressType(Enum):
    NO_COMPRESS = ""
    POST_CUT_BY_TOKEN = "post_cut_by_token"
    PRE_CUT_BY_TOKEN = "pre_cut_by_token"


class BaseLLM:
    system_prompt = "You are a helpful assistant."
    use_system_prompt = True

    def __init__(self, config):
        self.config = config

    def _system_msg(self, msg: str) -> dict:
        return {"role": "system", "content": msg}

    def _user_msg(self, msg: str, images=None) -> dict:
        return {"role": "user", "content": msg}

    def _system_msgs(self, msgs: list[str]) -> list[dict]:
        return [self._system_msg(msg) for msg in msgs]

    def format_msg(self, messages) -> list[dict]:
        return [m if isinstance(m, dict) else {"role": m.role, "content": m.content} for m in messages]

    def count_tokens(self, messages: list[dict]) -> int:
        return sum(len(m["content"]) // 4 for m in messages)

    async def acompletion_text(self, messages: list[dict], stream: bool = False, timeout: int = 600) -> str:
        raise NotImplementedError

    async def aask(self, msg, system_msgs: list[str] | None = None, format_msgs: list[dict] | None = None, images=None, stream=None) -> str:
        if system_msgs:
            message = self._system_msgs(system_msgs)
        else:
            message = [self._system_msg(self.system_prompt)]
        if not self.use_system_prompt:
            message = []
        if format_msgs:
            message.extend(format_msgs)
        if isinstance(msg, str):
            message.append(self._user_msg(msg, images=images))
        else:
            message.extend(msg)
        compressed_message = self.compress_messages(message, compress_type=self.config.compress_type)
        return await self.acompletion_text(compressed_message, stream=bool(stream))

    def compress_messages(self, messages: list[dict], compress_type: CompressType = CompressType.NO_COMPRESS, max_token: int = 128000, threshold: float = 0.8) -> list[dict]:
        if compress_type == CompressType.NO_COMPRESS:
            return messages
        keep_token = int(max_token * threshold)
        system_msgs = []
        user_assistant_msgs: list[dict] = []
        for i, msg in enumerate(messages):
            if msg["role"] == "system":
                system_msgs.append(msg)
            else:
                user_assistant_msgs = messages[i:]
                break
        compressed = list(system_msgs)
        current_token_count = self.count_tokens(system_msgs)
        if compress_type == CompressType.POST_CUT_BY_TOKEN:
            # keep as many of the newest messages as fit
            for msg in reversed(user_assistant_msgs):  # expect: PL301
                token_count = self.count_tokens([msg])
                if current_token_count + token_count > keep_token:
                    break
                compressed.insert(len(system_msgs), msg)
                current_token_count += token_count
        elif compress_type == CompressType.PRE_CUT_BY_TOKEN:
            # keep as many of the earliest messages as fit
            for msg in user_assistant_msgs:
                token_count = self.count_tokens([msg])
                if current_token_count + token_count > keep_token:
                    break
                compressed.append(msg)
                current_token_count += token_count
        return compressed

"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/provider/base_llm.py (lines 177-208, 338-410), trimmed; not the original text."""

from typing import Optional, Union

from metagpt.configs.compress_msg_config import CompressType


class BaseLLM:
    async def aask(
        self,
        msg: Union[str, list[dict[str, str]]],
        system_msgs: Optional[list[str]] = None,
        format_msgs: Optional[list[dict[str, str]]] = None,
        images=None,
        timeout=None,
        stream=None,
    ) -> str:
        if system_msgs:
            message = self._system_msgs(system_msgs)
        else:
            message = [self._default_system_msg()]
        if not self.use_system_prompt:
            message = []
        if format_msgs:
            message.extend(format_msgs)
        if isinstance(msg, str):
            message.append(self._user_msg(msg, images=images))
        else:
            message.extend(msg)
        compressed_message = self.compress_messages(message, compress_type=self.config.compress_type)
        return await self.acompletion_text(compressed_message, stream=stream, timeout=timeout)

    def compress_messages(self, messages: list[dict], compress_type=CompressType.NO_COMPRESS,
                          max_token: int = 128000, threshold: float = 0.8) -> list[dict]:
        if compress_type == CompressType.NO_COMPRESS:
            return messages
        keep_token = int(max_token * threshold)
        compressed = []
        system_msg_val = self._system_msg("")["role"]
        system_msgs = []
        user_assistant_msgs = []
        for i, msg in enumerate(messages):
            if msg["role"] == system_msg_val:
                system_msgs.append(msg)
            else:
                user_assistant_msgs = messages[i:]
                break
        compressed.extend(system_msgs)
        current_token_count = self.count_tokens(system_msgs)
        if compress_type in [CompressType.POST_CUT_BY_TOKEN, CompressType.POST_CUT_BY_MSG]:
            for i, msg in enumerate(reversed(user_assistant_msgs)):  # expect: PL301
                token_count = self.count_tokens([msg])
                if current_token_count + token_count <= keep_token:
                    compressed.insert(len(system_msgs), msg)
                    current_token_count += token_count
                else:
                    if compress_type == CompressType.POST_CUT_BY_TOKEN or len(compressed) == len(system_msgs):
                        truncated_content = msg["content"][-(keep_token - current_token_count) :]
                        compressed.insert(len(system_msgs), {"role": msg["role"], "content": truncated_content})
                    break
        elif compress_type in [CompressType.PRE_CUT_BY_TOKEN, CompressType.PRE_CUT_BY_MSG]:
            for i, msg in enumerate(user_assistant_msgs):
                token_count = self.count_tokens([msg])
                if current_token_count + token_count <= keep_token:
                    compressed.append(msg)
                    current_token_count += token_count
                else:
                    break
        return compressed

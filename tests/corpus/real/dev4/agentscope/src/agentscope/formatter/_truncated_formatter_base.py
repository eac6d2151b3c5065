"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/formatter/_truncated_formatter_base.py (lines 19-112, 151-215), trimmed; not the original text.

With a token counter and max_tokens, every format() call re-trims a copy of the whole memory
until it fits: the oldest messages after the system prompt (with their tool pairs) are dropped
on each request over the budget, from the same full memory every time.
"""

from copy import deepcopy


class TruncatedFormatterBase:
    def __init__(self, token_counter=None, max_tokens=None):
        self.token_counter = token_counter
        self.max_tokens = max_tokens

    async def format(self, msgs, **kwargs):
        msgs = deepcopy(msgs)
        while True:
            formatted_msgs = await self._format(msgs)
            n_tokens = await self._count(formatted_msgs)
            if n_tokens is None or self.max_tokens is None or n_tokens <= self.max_tokens:
                return formatted_msgs
            msgs = await self._truncate(msgs)

    async def _format(self, msgs):
        formatted_msgs = []
        start_index = 0
        if msgs and msgs[0].role == "system":
            formatted_msgs.append({"role": "system", "content": msgs[0].get_content_blocks("text")})
            start_index = 1
        is_first_agent_message = True
        for typ, group in self._group_messages(msgs[start_index:]):
            if typ == "tool_sequence":
                formatted_msgs.extend(await self._format_tool_sequence(group))
            else:
                formatted_msgs.extend(await self._format_agent_message(group, is_first_agent_message))
                is_first_agent_message = False
        return formatted_msgs

    async def _format_tool_sequence(self, msgs):
        raise NotImplementedError

    async def _format_agent_message(self, msgs, is_first=True):
        raise NotImplementedError

    async def _truncate(self, msgs):
        start_index = 0
        if msgs and msgs[0].role == "system":
            if len(msgs) == 1:
                raise ValueError("the system prompt alone exceeds the token limit")
            start_index = 1
        tool_call_ids = set()
        for i in range(start_index, len(msgs)):
            for block in msgs[i].get_content_blocks("tool_use"):
                tool_call_ids.add(block["id"])
            for block in msgs[i].get_content_blocks("tool_result"):
                tool_call_ids.discard(block["id"])
            if not tool_call_ids:
                return msgs[:start_index] + msgs[i + 1 :]  # expect: PL301
        raise ValueError(f"tool calls without results: {tool_call_ids}")

    async def _count(self, msgs):
        if self.token_counter is None:
            return None
        return await self.token_counter.count(msgs)

    @staticmethod
    def _group_messages(msgs):
        group_type = None
        group = []
        for msg in msgs:
            typ = (
                "tool_sequence"
                if msg.has_content_blocks("tool_use") or msg.has_content_blocks("tool_result")
                else "agent_message"
            )
            if group_type is not None and typ != group_type:
                yield group_type, group
                group = []
            group_type = typ
            group.append(msg)
        if group_type:
            yield group_type, group

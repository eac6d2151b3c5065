"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/history.py
(lines 7-124), trimmed; not the original text.

The summariser runs only when the done messages grow past max_tokens; its result replaces them
once and later turns are appended to it: a compaction, not a window applied to every request.
"""

from aider import prompts


class ChatSummary:
    def __init__(self, models=None, max_tokens=1024):
        if not models:
            raise ValueError("At least one model must be provided")
        self.models = models if isinstance(models, list) else [models]
        self.max_tokens = max_tokens
        self.token_count = self.models[0].token_count

    def tokenize(self, messages):
        return [(self.token_count(msg), msg) for msg in messages]

    def too_big(self, messages):
        return sum(tokens for tokens, _msg in self.tokenize(messages)) > self.max_tokens

    def summarize(self, messages, depth=0):
        messages = self.summarize_real(messages)
        if messages and messages[-1]["role"] != "assistant":
            messages.append(dict(role="assistant", content="Ok."))
        return messages

    def summarize_real(self, messages, depth=0):
        sized = self.tokenize(messages)
        total = sum(tokens for tokens, _msg in sized)
        if total <= self.max_tokens and depth == 0:
            return messages
        if len(messages) <= 4 or depth > 3:
            return self.summarize_all(messages)
        tail_tokens = 0
        split_index = len(messages)
        for i in range(len(sized) - 1, -1, -1):
            tokens, _msg = sized[i]
            if tail_tokens + tokens >= self.max_tokens // 2:
                break
            tail_tokens += tokens
            split_index = i
        while messages[split_index - 1]["role"] != "assistant" and split_index > 1:
            split_index -= 1
        if split_index <= 4:
            return self.summarize_all(messages)
        # clean: head/tail split of a one-off compaction, not a window on every request
        tail = messages[split_index:]
        summary = self.summarize_all(messages[:split_index])
        if self.token_count(summary) + tail_tokens < self.max_tokens:
            return summary + tail
        return self.summarize_real(summary + tail, depth + 1)

    def summarize_all(self, messages):
        content = ""
        for msg in messages:
            role = msg["role"].upper()
            if role not in ("USER", "ASSISTANT"):
                continue
            content += f"# {role}\n" + msg["content"]
            if not content.endswith("\n"):
                content += "\n"
        # clean: static system prompt, the conversation to summarise in the only user message
        summarize_messages = [
            dict(role="system", content=prompts.summarize),
            dict(role="user", content=content),
        ]
        for model in self.models:
            summary = model.simple_send_with_retries(summarize_messages)
            if summary is not None:
                return [dict(role="user", content=prompts.summary_prefix + summary)]
        raise ValueError("summarizer unexpectedly failed for all models")

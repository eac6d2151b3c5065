"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/core/chat.py (lines 205-260, 354-460, 588-630, 663-711), trimmed; not the original text.

The ChatGPT wrapper keeps a list of Message objects; chat_anthropic sends the system messages
joined as `system` and the rest as `messages`; continuous_llm_calls asks the model to go on
when a long answer was cut off.
"""

from anthropic import Anthropic
from pydantic import BaseModel

from sweepai.core.entities import Message


def sanitize_anthropic_messages(messages: list[dict]) -> list[dict]:
    merged: list[dict] = []
    for message in messages:
        if merged and merged[-1]["role"] == message["role"]:
            merged[-1]["content"] += "\n\n" + message["content"].rstrip()
        else:
            merged.append({"role": message["role"], "content": message["content"].rstrip()})
    return merged


class ChatGPT(BaseModel):
    messages: list[Message] = []
    model: str = "claude-3-5-sonnet-20240620"
    temperature: float = 0.1

    @classmethod
    def from_system_message_string(cls, prompt_string: str, **kwargs):
        return cls(messages=[Message(role="system", content=prompt_string, key="system")], **kwargs)

    def chat_anthropic(
        self,
        content: str,
        assistant_message_content: str = "",
        model: str = "claude-3-haiku-20240307",
        stop_sequences: list[str] = [],
        max_tokens: int = 4096,
        use_openai: bool = False,
        stream: bool = False,
    ):
        if content:
            self.messages.append(Message(role="user", content=content))
        if assistant_message_content:
            self.messages.append(Message(role="assistant", content=assistant_message_content))
        system_message = "\n\n".join(m.content for m in self.messages if m.role == "system")
        message_dicts = [
            {"role": m.role, "content": m.content} for m in self.messages if m.role != "system"
        ]
        message_dicts = sanitize_anthropic_messages(message_dicts)
        client = Anthropic()
        response = client.messages.create(
            model=model,
            messages=message_dicts,
            max_tokens=max_tokens,
            temperature=self.temperature,
            system=system_message,
            stop_sequences=stop_sequences,
        )
        text = response.content[0].text
        self.messages.append(Message(role="assistant", content=text))
        return self.messages[-1].content


def call_llm(system_prompt: str, user_prompt: str, params: dict = {}, **kwargs):
    chat_gpt = ChatGPT.from_system_message_string(prompt_string=system_prompt)
    if params:
        user_prompt = user_prompt.format(**params)
    return chat_gpt.chat_anthropic(user_prompt, **kwargs)


def continuous_llm_calls(
    chat_gpt: ChatGPT,
    *args,
    stop_sequences: list[str] = ["</plan>"],
    MAX_CALLS=10,
    use_openai: bool = False,
    response_cleanup=lambda x: x,
    **kwargs,
):
    response: str = chat_gpt.chat_anthropic(*args, use_openai=use_openai, **kwargs)
    next_response = response
    num_calls = 0
    while (
        not any(token in response for token in stop_sequences)
        and len(next_response) > 3.5 * 4096 * 0.8
        and num_calls < MAX_CALLS
    ):
        last_line_index = response.rfind("\n")
        response = response[:last_line_index].rstrip()
        # the model's own cut-off answer, trimmed to its last whole line, becomes the prefill
        chat_gpt.messages[-1].content = response_cleanup(response)
        kwargs.pop("content", None)
        next_response = chat_gpt.chat_anthropic(*args, use_openai=use_openai, content="", **kwargs)
        response += response_cleanup(next_response)
        num_calls += 1
    return response

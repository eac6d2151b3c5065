"""Reconstruction of SakanaAI/AI-Scientist@9dffdc445c2596ffa871b5588377e9f12558febc:ai_scientist/llm.py
(lines 65-139, 142-286), trimmed; not the original text.

One helper per request: the system message, the history given, and the new user message;
the reply is appended to a copy of the history.
"""

MAX_NUM_TOKENS = 4096


def get_batch_responses_from_llm(msg, client, model, system_message, msg_history=None, temperature=0.75, n_responses=1):
    if msg_history is None:
        msg_history = []
    new_msg_history = msg_history + [{"role": "user", "content": msg}]
    # clean: system, the history, the new user message; n samples of the same request
    response = client.chat.completions.create(
        model=model,
        messages=[{"role": "system", "content": system_message}, *new_msg_history],
        temperature=temperature,
        max_tokens=MAX_NUM_TOKENS,
        n=n_responses,
        seed=0,
    )
    content = [r.message.content for r in response.choices]
    return content, [new_msg_history + [{"role": "assistant", "content": c}] for c in content]


def get_response_from_llm(msg, client, model, system_message, msg_history=None, temperature=0.75):
    if msg_history is None:
        msg_history = []
    if "claude" in model:
        new_msg_history = msg_history + [{"role": "user", "content": [{"type": "text", "text": msg}]}]
        # clean: the caller's system message and the history, only appended to
        response = client.messages.create(
            model=model, max_tokens=MAX_NUM_TOKENS, temperature=temperature, system=system_message, messages=new_msg_history
        )
        content = response.content[0].text
        new_msg_history = new_msg_history + [{"role": "assistant", "content": [{"type": "text", "text": content}]}]
    else:
        new_msg_history = msg_history + [{"role": "user", "content": msg}]
        # clean: the same shape for the OpenAI-compatible models
        response = client.chat.completions.create(
            model=model,
            messages=[{"role": "system", "content": system_message}, *new_msg_history],
            temperature=temperature,
            max_tokens=MAX_NUM_TOKENS,
            n=1,
            seed=0,
        )
        content = response.choices[0].message.content
        new_msg_history = new_msg_history + [{"role": "assistant", "content": content}]
    return content, new_msg_history


def extract_json_between_markers(llm_output):
    raise NotImplementedError("parses the reply's JSON block, trimmed")

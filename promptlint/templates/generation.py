"""What the model generated after a request's prompt: the text the engine holds KV for.

The engine holds the prompt and the tokens the model sampled after it: reasoning first
(when the model reasons in this mode), then the answer or tool call, then the stop token
(whose own KV is never computed, and after which nothing is held). The template's
rendering of the newest reply is the model's output only when it keeps the reasoning:
many templates drop it even there, so the reasoning is put back where the model wrote it.
"""

from __future__ import annotations

import re

from promptlint.templates.conversations import Message
from promptlint.wire.prefix import common_prefix

# Reasoning block delimiters, as model families write them.
THINK_PAIRS = (
    ("<think>", "</think>"),
    ("<thinking>", "</thinking>"),
    ("<seed:think>", "</seed:think>"),
    ("◁think▷", "◁/think▷"),
    ("[THINK]", "[/THINK]"),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),
    ("<|channel|>analysis<|message|>", "<|end|>"),
)
# Templates that read reasoning from the message without printing tags of their own.
_REASONING_FIELD = re.compile(
    r"reasoning_content|\.thinking\b|\[['\"]thinking['\"]\]|\.reasoning\b"
)
# End-of-turn tokens the model samples last (the engine stops there), by family.
END_OF_TURN = (
    "<|im_end|>",
    "<|eot_id|>",
    "<|eom_id|>",
    "<|end|>",
    "<|return|>",
    "<|call|>",
    "<end_of_turn>",
    "<turn|>",
    "<|endoftext|>",
    "<|end_of_text|>",
    "<｜end▁of▁sentence｜>",
    "<|END_OF_TURN_TOKEN|>",
    "<|end_of_turn|>",
    "[|endofturn|]",
    "<|eos|>",
    "<seed:eos>",
    "[e~[",
    "</s>",
    "<eos>",
    "<|user|>",
    "<|observation|>",
)


def reasoning_tags(source: str) -> tuple[str, str] | None:
    """The reasoning delimiters a template prints, or None when it shows no reasoning at all.

    A template that never prints a reasoning tag and never reads a reasoning field belongs
    to a model that does not reason; `<think>` stands in for one that reads the field only.
    """
    for pair in THINK_PAIRS:
        if pair[0] in source and pair[1] in source:
            return pair
    if _REASONING_FIELD.search(source):
        return THINK_PAIRS[0]
    return None


def closes_reasoning(prompt: str, tags: tuple[str, str] | None) -> bool:
    """The generation prompt ends with a closed (empty) reasoning block: the model won't reason."""
    return tags is not None and prompt.rstrip().endswith(tags[1])


def reply_parts(reply: Message) -> tuple[str, str]:
    """(reasoning, answer) of a reply, whichever way the client sent the reasoning."""
    content = reply.get("content") or ""
    reasoning = reply.get("reasoning_content") or ""
    if "</think>" in content:  # clients that keep reasoning in the content use <think>
        reasoning, content = content.split("</think>", 1)
        reasoning = reasoning.split("<think>")[-1].strip()
        content = content.lstrip()
    return reasoning, content


def _payload_end(text: str, reply: Message) -> int:
    """Where the reply's own text (answer, tool-call name and arguments) ends in `text`."""
    _, answer = reply_parts(reply)
    needles = [answer] if answer else []
    for call in reply.get("tool_calls") or []:
        function = call.get("function", {})
        needles.append(function.get("name", ""))
        args = function.get("arguments")
        if isinstance(args, dict):
            needles.extend(str(v) for v in args.values())
        elif isinstance(args, str):
            needles.append(args)
    ends = [text.rfind(n) + len(n) for n in needles if n and text.rfind(n) >= 0]
    return max(ends, default=0)


def cut_at_stop(text: str, reply: Message, eos: str | None) -> str:
    """`text` up to and including the stop token that ends the reply; nothing after it is held."""
    start = _payload_end(text, reply)
    stops = [eos, *END_OF_TURN] if eos else list(END_OF_TURN)
    found = [(text.find(s, start), s) for s in stops if s and text.find(s, start) >= 0]
    if not found:
        return text
    at, stop = min(found)
    return text[: at + len(stop)]


def generated_text(
    prompt: str,
    final: str,
    reply: Message,
    tags: tuple[str, str] | None,
    reasons: bool,
    eos: str | None = None,
    base: str | None = None,
) -> str:
    """The model's output after `prompt` for `reply` (its reasoning included when it reasons).

    `final` is the template's rendering of the conversation with the reply as the newest
    message, `base` the rendering without reply or generation prompt. Where `final`
    continues the prompt, it shows how the template prints the reply; the reasoning is put
    back in front of the answer when the template left it out.
    """
    reasoning, answer = reply_parts(reply)
    opening, closing = tags or THINK_PAIRS[0]
    opened = prompt.rstrip().endswith(opening)
    if final.startswith(prompt):
        rendered = cut_at_stop(final[len(prompt) :], reply, eos)
        if not reasons or not reasoning or reasoning in rendered:
            return rendered
        if opened:
            return f"{reasoning}\n{closing}\n\n{rendered.lstrip()}"
        return f"{opening}\n{reasoning}\n{closing}\n\n{rendered.lstrip()}"
    # The template does not render the reply as a continuation of its own generation
    # prompt (it opened a reasoning block history never shows): the reply as the template
    # prints it, after the part it shares with the generation prompt (the role header).
    if base is not None and final.startswith(base) and prompt.startswith(base):
        generation_prompt, rendered = prompt[len(base) :], final[len(base) :]
        shared = common_prefix(generation_prompt, rendered)
        while shared and generation_prompt[shared - 1] not in ">\n ":
            shared -= 1  # not into a token the two only begin alike (`<｜…`)
        printed = cut_at_stop(rendered[shared:], reply, eos).lstrip()
        # The template's own printing of the reply, when it holds all the model wrote.
        if reasons and reasoning:
            if reasoning in printed and not opened:
                return printed
        elif answer and answer in printed:
            # The model did not reason: what the template prints before the answer
            # (reasoning it renders for the newest turn) was never generated.
            return printed[printed.find(answer) :]
        elif not answer:
            return printed  # a tool call: the template's serialisation of it
    if opened:
        return f"{reasoning}\n{closing}\n\n{answer}"
    if reasons and reasoning:
        return f"{opening}\n{reasoning}\n{closing}\n\n{answer}"
    return answer

"""Labels for the template corpus, made without the render check's code.

For each template and mode it renders real-looking conversations (a 3-turn chat with a
system message, reasoning sent back both ways, an agent loop with tool calls and
results) through transformers' own `render_jinja_template` — the renderer vLLM and
SGLang call — and decides whether every request extends what the engine held after the
previous one: the prompt plus what the model generated (its reasoning in the model's own
delimiters when it reasons in that mode, the reply, the stop token), as each label's
`model` entry describes the model (written by hand from the model card and template).
Nothing here imports `promptlint.templates`: the check and the labels are two separate
implementations of the same question.
"""

from __future__ import annotations

import copy
import json
from typing import Any

SYSTEM = "You are Atlas, the travel desk assistant of Northwind Air. Keep answers short."
TURNS = (
    (
        "Which terminal does flight NW 440 leave from?",
        "Terminal 1, gates B20 to B48.",
        "The flight status tool says terminal 1 for NW 440.",
    ),
    (
        "Can I check a second bag on that flight?",
        "Yes: a second bag of up to 23 kg costs 60 EUR.",
        "The baggage policy allows a second bag for a fee.",
    ),
    ("Thanks, that is all.", "Have a good trip!", "The traveller is done; close politely."),
)
CALLS = (
    ("flight_status", {"flight": "NW 440"}, '{"terminal": "1", "gates": "B20-B48"}'),
    ("baggage_policy", {"flight": "NW 440", "bags": 2}, '{"second_bag": "60 EUR"}'),
)
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": f"Look up the {name.replace('_', ' ')} of a Northwind flight.",
            "parameters": {
                "type": "object",
                "properties": {
                    "flight": {"type": "string", "description": "Flight number."},
                    "bags": {"type": "integer", "description": "Checked bags."},
                },
                "required": ["flight"],
            },
        },
    }
    for name, _, _ in CALLS
]


def parse_mode(mode: str) -> dict[str, Any]:
    """ "enable_thinking=true" -> {"enable_thinking": True}; "default" -> {}."""
    if mode == "default":
        return {}
    key, raw = mode.split("=", 1)
    value: Any
    if raw in ("true", "false"):
        value = raw == "true"
    elif raw.startswith("'"):
        value = raw.strip("'")
    else:
        value = int(raw)
    return {key: value}


def _thinking_off(kwargs: dict[str, Any]) -> bool:
    for key, value in kwargs.items():
        if key in ("enable_thinking", "thinking") and value is False:
            return True
        if key == "thinking_budget" and value == 0:
            return True
    return False


def _conversation(
    tools: bool, reasoning: str | None, string_args: bool, system: bool = True
) -> list[tuple[list[dict[str, Any]], dict[str, Any]]]:
    """(messages of a request, the reply the model generated for it), in order."""
    history: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}] if system else []
    out = []

    def reply(content: str, thought: str) -> dict[str, Any]:
        if reasoning == "field":
            return {"role": "assistant", "content": content, "reasoning_content": thought}
        if reasoning == "content":
            return {"role": "assistant", "content": f"<think>\n{thought}\n</think>\n\n{content}"}
        return {"role": "assistant", "content": content}

    for turn, (user, answer, thought) in enumerate(TURNS):
        history.append({"role": "user", "content": user})
        if tools and turn < len(CALLS):
            name, args, result = CALLS[turn]
            call = reply("", f"I need {name} first.")
            call["tool_calls"] = [
                {
                    "id": f"call{turn + 1:05d}",
                    "type": "function",
                    "function": {
                        "name": name,
                        "arguments": json.dumps(args, sort_keys=True) if string_args else args,
                    },
                }
            ]
            out.append((copy.deepcopy(history), call))
            history.append(call)
            history.append(
                {
                    "role": "tool",
                    "tool_call_id": f"call{turn + 1:05d}",
                    "name": name,
                    "content": result,
                }
            )
        final = reply(answer, thought)
        out.append((copy.deepcopy(history), final))
        history.append(final)
    return out


def _payload_end(text: str, reply: dict[str, Any]) -> int:
    content = reply.get("content") or ""
    if "</think>" in content:
        content = content.split("</think>", 1)[1].strip()
    needles = [content] if content else []
    for call in reply.get("tool_calls") or []:
        needles.append(call["function"]["name"])
        args = call["function"]["arguments"]
        needles.extend(str(v) for v in (args.values() if isinstance(args, dict) else [args]))
    ends = [text.rfind(n) + len(n) for n in needles if n and n in text]
    return max(ends, default=0)


def _generated(
    prompt: str, final: str, reply: dict[str, Any], model: dict[str, Any], reasons: bool
) -> str:
    """What the model wrote after `prompt`, up to and including its stop token."""
    think = model["think"]
    thought = reply.get("reasoning_content") or ""
    content = reply.get("content") or ""
    if "</think>" in content:
        thought, content = content.split("</think>", 1)
        thought, content = thought.replace("<think>", "").strip(), content.strip()
    opened = think is not None and prompt.endswith(think[0])
    continues = final.startswith(prompt)
    # The template's printing of the newest reply, when it continues the prompt.
    text = final[len(prompt) :] if continues else content
    end = _payload_end(text, reply)
    stops = [(text.find(s, end), s) for s in model["stop"] if text.find(s, end) >= 0]
    if stops:
        at, stop = min(stops)
        text = text[: at + len(stop)]
    elif end:
        text = text[:end]  # the model stops on the next role's token (GLM): not held here
    if think is not None and reasons and thought and thought not in text:
        block = f"{thought}\n{think[1]}\n\n" if opened else f"{think[0]}\n{thought}\n{think[1]}\n\n"
        text = block + text.lstrip()
    elif think is not None and opened and not continues:
        text = f"\n{think[1]}\n\n" + text.lstrip()  # it closes the block it was handed
    return text


def label(source: str, model: dict[str, Any], modes: list[str]) -> dict[str, str]:
    """Per mode: "breaks", "ok", or "not run" (every conversation raised in transformers)."""
    from transformers.utils.chat_template_utils import render_jinja_template

    def render(
        messages: list[dict[str, Any]], gp: bool, tools: bool, kwargs: dict[str, Any]
    ) -> str:
        rendered, _ = render_jinja_template(
            conversations=[messages],
            tools=TOOLS if tools else None,
            chat_template=source,
            add_generation_prompt=gp,
            bos_token="<s>",
            eos_token="</s>",
            **kwargs,
        )
        return str(rendered[0])

    verdicts: dict[str, str] = {}
    for mode in modes:
        kwargs = parse_mode(mode)
        reasons = model["think"] is not None and not _thinking_off(kwargs)
        # A model that reasons in this mode sends reasoning with every reply.
        cases: list[tuple[bool, str | None]] = (
            [(False, "field"), (False, "content"), (True, "field")]
            if reasons
            else [(False, None), (True, None)]
        )
        ran, broke = 0, False
        for tools, reasoning in cases:
            # Tool-call arguments as objects, else as JSON strings; with a system message,
            # else without (Gemma 2 refuses one).
            for string_args, system in ((False, True), (True, True), (False, False), (True, False)):
                if string_args and not tools:
                    continue
                try:
                    requests = _conversation(tools, reasoning, string_args, system)
                    broke = _breaks(render, kwargs, tools, requests, model, reasons) or broke
                except Exception:  # the template rejects this conversation
                    continue
                ran += 1
                break
        verdicts[mode] = "breaks" if broke else "ok" if ran else "not run"
    return verdicts


def _breaks(
    render: Any,
    kwargs: dict[str, Any],
    tools: bool,
    requests: list[tuple[list[dict[str, Any]], dict[str, Any]]],
    model: dict[str, Any],
    reasons: bool,
) -> bool:
    prompts = [render(m, True, tools, kwargs) for m, _ in requests]
    finals = [render([*m, r], False, tools, kwargs) for m, r in requests]
    for i in range(len(requests) - 1):
        prompt = prompts[i]
        closed = model["think"] is not None and prompt.rstrip().endswith(model["think"][1])
        held = prompt + _generated(prompt, finals[i], requests[i][1], model, reasons and not closed)
        nxt = prompts[i + 1]
        if nxt.startswith(held):
            continue
        # The engine never computed KV for the stop token it sampled last.
        last_stop = next((s for s in model["stop"] if held.endswith(s)), None)
        if last_stop and nxt.startswith(held[: -len(last_stop)]):
            continue
        return True
    return False

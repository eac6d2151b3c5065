"""The provider-neutral Prompt: one request as the provider's prefix cache sees it.

A Prompt is the ordered list of segments in the order the provider hashes its prefix
(Anthropic: tools → system → messages; OpenAI: tools and response schema, then
instructions and messages), the cache breakpoints, and the parameters that enter the
cache key. Parsers turn each wire format into a Prompt; they never raise on odd but
valid-JSON bodies and raise `PromptParseError` on bodies that are not a request at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from promptlint.wire.apis import (
    ANTHROPIC_MESSAGES,
    OPENAI_CHAT,
    OPENAI_COMPLETIONS,
    OPENAI_RESPONSES,
    detect_api,
    provider_of,
)

APIS = ("openai-chat", "openai-responses", "openai-completions", "anthropic-messages")


class PromptParseError(ValueError):
    """The body is not a request of the given API."""


@dataclass(frozen=True)
class Segment:
    """One unit of the prefix: a tool, the schema, the system prompt, a message, a raw prompt.

    `hash` covers exactly what the provider hashes (the JSON with keys in the order sent,
    minus cache markers); `canonical_hash` ignores JSON key order, also inside JSON
    strings such as tool-call arguments, so a key-order change can be told from an edit.
    `text` is a readable rendering used for tokens and snippets.
    """

    name: str  # "tools[0]", "system", "messages[3]", "input[2]", "response_format", "prompt"
    kind: str  # tool | schema | system | message | prompt
    key: str  # structural identity: "tool:NAME", "system", "message:user", ...
    text: str
    hash: str
    canonical_hash: str
    breakpoint: bool = False  # a cache marker sits on (the end of) this segment
    ttl: str | None = None  # the marker's TTL ("5m", "1h") where given
    has_image: bool = False
    has_reasoning: bool = False  # carries thinking / reasoning content
    blocks: int = 1  # content blocks (Anthropic's lookback counts blocks)
    value: Any = field(default=None, repr=False, compare=False)


@dataclass
class Prompt:
    api: str
    provider: str  # openai | anthropic | local
    model: str
    segments: list[Segment]
    # Parameters that enter the cache key, as canonical JSON text (absent = not sent).
    params: dict[str, str] = field(default_factory=dict)
    session_hint: str | None = None  # prompt_cache_key or Anthropic metadata.user_id
    session_hint_kind: str | None = None  # "prompt_cache_key" | "metadata.user_id"
    auto_cache: bool = False  # Anthropic top-level cache_control
    notes: list[str] = field(default_factory=list)

    @property
    def breakpoints(self) -> list[int]:
        """Indices of segments that end at a cache breakpoint."""
        return [i for i, s in enumerate(self.segments) if s.breakpoint]

    @property
    def has_images(self) -> bool:
        return any(s.has_image for s in self.segments)


# --- hashing --------------------------------------------------------------------------------


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _strip_cache_markers(value: Any) -> Any:
    """Cache markers move from turn to turn without changing what is hashed."""
    if isinstance(value, dict):
        return {
            k: _strip_cache_markers(v)
            for k, v in value.items()
            if k not in ("cache_control", "prompt_cache_breakpoint")
        }
    if isinstance(value, list):
        return [_strip_cache_markers(v) for v in value]
    return value


def _canonical(value: Any) -> Any:
    """Key order ignored, including inside strings that hold JSON objects or arrays."""
    if isinstance(value, dict):
        return {k: _canonical(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, str) and len(value) >= 2 and value[0] in "{[" and value[-1] in "}]":
        try:
            return {"$json": _canonical(json.loads(value))}
        except ValueError:
            return value
    return value


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def make_segment(
    name: str,
    kind: str,
    key: str,
    value: Any,
    text: str,
    *,
    has_image: bool = False,
    has_reasoning: bool = False,
) -> Segment:
    breakpoint, ttl = _find_marker(value)
    stripped = _strip_cache_markers(value)
    return Segment(
        name=name,
        kind=kind,
        key=key,
        text=text,
        hash=_digest(key + "\x00" + _dumps(stripped)),
        canonical_hash=_digest(key + "\x00" + _dumps(_canonical(stripped))),
        breakpoint=breakpoint,
        ttl=ttl,
        has_image=has_image,
        has_reasoning=has_reasoning,
        blocks=_block_count(stripped),
        value=stripped,
    )


def _block_count(value: Any) -> int:
    content = value.get("content") if isinstance(value, dict) and "role" in value else None
    return max(len(content), 1) if isinstance(content, list) else 1


def _find_marker(value: Any) -> tuple[bool, str | None]:
    """A cache_control / prompt_cache_breakpoint anywhere in the segment marks its end."""
    found, ttl = False, None
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k in ("cache_control", "prompt_cache_breakpoint") and isinstance(item, dict):
                    found = True
                    if isinstance(item.get("ttl"), str):
                        ttl = item["ttl"]
                elif isinstance(item, (dict, list)):
                    stack.append(item)
        elif isinstance(v, list):
            stack.extend(v)
    return found, ttl


# --- rendering content to readable text ----------------------------------------------------


def _image_ref(block: Mapping[str, Any]) -> str:
    return "[image " + _digest(_dumps(_strip_cache_markers(dict(block))))[:12] + "]"


def _render_block(block: Any) -> tuple[str, bool, bool]:
    """(text, has_image, has_reasoning) of one content block of any of the wire formats."""
    if isinstance(block, str):
        return block, False, False
    if not isinstance(block, dict):
        return _dumps(block), False, False
    t = block.get("type")
    if t in ("text", "input_text", "output_text"):
        return str(block.get("text", "")), False, False
    if t in ("image", "image_url", "input_image", "document", "input_file", "file"):
        return _image_ref(block), True, False
    if t in ("input_audio",):
        return "[audio " + _digest(_dumps(block))[:12] + "]", False, False
    if t == "tool_use":
        return (
            f"tool_use {block.get('name', '')}({_dumps(block.get('input', {}))})",
            False,
            False,
        )
    if t == "tool_result":
        inner = block.get("content", "")
        parts = inner if isinstance(inner, list) else [inner]
        texts, img = [], False
        for p in parts:
            s, i, _ = _render_block(p)
            texts.append(s)
            img = img or i
        return "tool_result " + "\n".join(texts), img, False
    if t == "thinking":
        return "[thinking] " + str(block.get("thinking", "")), False, True
    if t == "redacted_thinking":
        return "[redacted thinking " + _digest(str(block.get("data", "")))[:12] + "]", False, True
    if t == "refusal":
        return str(block.get("refusal", "")), False, False
    return _dumps(block), False, False


def _render_content(content: Any) -> tuple[str, bool, bool]:
    if content is None:
        return "", False, False
    if isinstance(content, str):
        return content, False, False
    if isinstance(content, list):
        texts, img, reasoning = [], False, False
        for b in content:
            s, i, r = _render_block(b)
            texts.append(s)
            img, reasoning = img or i, reasoning or r
        return "\n".join(texts), img, reasoning
    return _render_block(content)


# --- helpers --------------------------------------------------------------------------------


def _param(params: dict[str, str], body: Mapping[str, Any], name: str) -> None:
    if name in body and body[name] is not None:
        params[name] = _dumps(_canonical(body[name]))


def _tool_name(tool: Any, i: int) -> str:
    if isinstance(tool, dict):
        fn = tool.get("function")
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            return str(fn["name"])
        if isinstance(tool.get("name"), str):
            return str(tool["name"])
        if isinstance(tool.get("type"), str):
            return str(tool["type"])
    return f"#{i}"


def _tool_segments(tools: Any) -> list[Segment]:
    if not isinstance(tools, list):
        return []
    out = []
    for i, tool in enumerate(tools):
        name = _tool_name(tool, i)
        out.append(
            make_segment(
                f"tools[{i}]", "tool", "tool:" + name, tool, _dumps(_strip_cache_markers(tool))
            )
        )
    return out


def _schema_segment(name: str, schema: Any) -> Segment:
    return make_segment(name, "schema", "schema", schema, _dumps(_strip_cache_markers(schema)))


def _as_blocks(content: Any) -> Any:
    """String content is one text block to the providers: hash both forms alike."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content


def _message_segment(name: str, msg: Any) -> Segment:
    if not isinstance(msg, dict):
        text, img, reasoning = _render_content(msg)
        return make_segment(name, "message", "message:?", msg, text, has_image=img)
    if isinstance(msg.get("content"), str):
        msg = {**msg, "content": _as_blocks(msg["content"])}
    role = str(msg.get("role") or msg.get("type") or "?")
    text, img, reasoning = _render_content(msg.get("content"))
    extra = []
    for rk in ("reasoning_content", "reasoning", "thinking"):
        if isinstance(msg.get(rk), str) and msg[rk]:
            extra.append(f"[reasoning] {msg[rk]}")
            reasoning = True
    calls = msg.get("tool_calls")
    if isinstance(calls, list):
        for c in calls:
            fn = c.get("function", {}) if isinstance(c, dict) else {}
            if isinstance(fn, dict):
                extra.append(f"tool_call {fn.get('name', '')}({fn.get('arguments', '')})")
    if isinstance(msg.get("function_call"), dict):
        fc = msg["function_call"]
        extra.append(f"tool_call {fc.get('name', '')}({fc.get('arguments', '')})")
    if extra:
        text = "\n".join([*extra, text]) if text else "\n".join(extra)
    kind = "system" if role in ("system", "developer") else "message"
    key = "system" if kind == "system" else "message:" + role
    return make_segment(name, kind, key, msg, text, has_image=img, has_reasoning=reasoning)


# --- parsers --------------------------------------------------------------------------------


def parse_openai_chat(body: Mapping[str, Any]) -> Prompt:
    messages = body.get("messages")
    if not isinstance(messages, list):
        raise PromptParseError("openai-chat body has no 'messages' list")
    model = str(body.get("model") or "")
    segs = _tool_segments(body.get("tools"))
    segs += _tool_segments(body.get("functions"))
    rf = body.get("response_format")
    if isinstance(rf, dict) and rf.get("type") in ("json_schema", "json_object"):
        segs.append(_schema_segment("response_format", rf))
    segs += [_message_segment(f"messages[{i}]", m) for i, m in enumerate(messages)]
    params: dict[str, str] = {}
    for name in ("model", "tool_choice", "reasoning_effort", "parallel_tool_calls"):
        _param(params, body, name)
    _param(params, body, "prompt_cache_retention")
    _param(params, body, "chat_template_kwargs")  # vLLM: changes the rendered prompt
    prompt = Prompt("openai-chat", provider_of(OPENAI_CHAT, model), model, segs, params)
    _openai_hint(prompt, body)
    _image_param(prompt)
    return prompt


def parse_openai_responses(body: Mapping[str, Any]) -> Prompt:
    if "input" not in body and "instructions" not in body:
        raise PromptParseError("openai-responses body has neither 'input' nor 'instructions'")
    model = str(body.get("model") or "")
    segs = _tool_segments(body.get("tools"))
    text = body.get("text")
    fmt = text.get("format") if isinstance(text, dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        segs.append(_schema_segment("text.format", fmt))
    instructions = body.get("instructions")
    if isinstance(instructions, str) and instructions:
        segs.append(make_segment("instructions", "system", "system", instructions, instructions))
    inp = body.get("input")
    if isinstance(inp, str):
        segs.append(_message_segment("input", {"role": "user", "content": inp}))
    elif isinstance(inp, list):
        for i, item in enumerate(inp):
            segs.append(_responses_item(f"input[{i}]", item))
    params: dict[str, str] = {}
    for name in ("model", "tool_choice", "reasoning", "parallel_tool_calls"):
        _param(params, body, name)
    _param(params, body, "prompt_cache_retention")
    prompt = Prompt("openai-responses", provider_of(OPENAI_RESPONSES, model), model, segs, params)
    if body.get("previous_response_id"):
        prompt.notes.append(
            "previous_response_id: the earlier turns live on the server; only new input is seen"
        )
    _openai_hint(prompt, body)
    _image_param(prompt)
    return prompt


def _responses_item(name: str, item: Any) -> Segment:
    if not isinstance(item, dict):
        return _message_segment(name, item)
    t = item.get("type")
    if t == "function_call":
        text = f"tool_call {item.get('name', '')}({item.get('arguments', '')})"
        return make_segment(name, "message", "message:assistant", item, text)
    if t == "function_call_output":
        out = item.get("output", "")
        text = "tool_result " + (out if isinstance(out, str) else _render_content(out)[0])
        return make_segment(name, "message", "message:tool", item, text)
    if t == "reasoning":
        summary = item.get("summary")
        s = _render_content(summary)[0] if summary else ""
        return make_segment(
            name, "message", "message:reasoning", item, "[reasoning] " + s, has_reasoning=True
        )
    if "role" in item or t == "message":
        # An item's `id` names the stored item; it is not part of the prompt the model reads
        # (Codex gives every item a fresh id per thread: the same developer message, another id).
        return _message_segment(name, {k: v for k, v in item.items() if k != "id"})
    return make_segment(name, "message", "message:" + str(t), item, _dumps(item))


def parse_openai_completions(body: Mapping[str, Any]) -> Prompt:
    p = body.get("prompt")
    if p is None:
        raise PromptParseError("openai-completions body has no 'prompt'")
    model = str(body.get("model") or "")
    if isinstance(p, list) and len(p) == 1:
        p = p[0]
    if isinstance(p, str):
        seg = make_segment("prompt", "prompt", "prompt", p, p)
    else:  # token ids or a batch: hashed as sent, rendered as JSON
        seg = make_segment("prompt", "prompt", "prompt", p, _dumps(p))
    params: dict[str, str] = {}
    _param(params, body, "model")
    return Prompt(
        "openai-completions", provider_of(OPENAI_COMPLETIONS, model), model, [seg], params
    )


def parse_anthropic_messages(body: Mapping[str, Any]) -> Prompt:
    messages = body.get("messages")
    if not isinstance(messages, list):
        raise PromptParseError("anthropic-messages body has no 'messages' list")
    model = str(body.get("model") or "")
    segs = _tool_segments(body.get("tools"))
    system = body.get("system")
    if isinstance(system, str) and system:
        block = {"type": "text", "text": system}
        segs.append(make_segment("system", "system", "system", block, system))
    elif isinstance(system, list) and system:
        # One segment per block: breakpoints sit on blocks, and a volatile block is
        # told apart from the static ones around it.
        for i, block in enumerate(system):
            text, _img, _ = _render_block(block)
            segs.append(make_segment(f"system[{i}]", "system", "system", block, text))
    for i, m in enumerate(messages):
        segs.append(_message_segment(f"messages[{i}]", m))
    params: dict[str, str] = {}
    for name in ("model", "tool_choice", "thinking"):
        _param(params, body, name)
    prompt = Prompt(ANTHROPIC_MESSAGES, provider_of(ANTHROPIC_MESSAGES, model), model, segs, params)
    md = body.get("metadata")
    if isinstance(md, dict) and isinstance(md.get("user_id"), str) and md["user_id"]:
        prompt.session_hint = md["user_id"]
        prompt.session_hint_kind = "metadata.user_id"
    prompt.auto_cache = isinstance(body.get("cache_control"), dict)
    _image_param(prompt)
    return prompt


def _openai_hint(prompt: Prompt, body: Mapping[str, Any]) -> None:
    key = body.get("prompt_cache_key")
    if isinstance(key, str) and key:
        prompt.session_hint = key
        prompt.session_hint_kind = "prompt_cache_key"
        # It routes the request together with the prefix hash: a new key, a cold machine.
        # Kept hashed: it often names a user.
        prompt.params["prompt_cache_key"] = "sha256:" + _digest(key)[:16]


def _image_param(prompt: Prompt) -> None:
    # Anthropic: adding or removing images anywhere invalidates the system and messages cache.
    if prompt.has_images:
        prompt.params["images"] = "true"


PARSERS = {
    OPENAI_CHAT: parse_openai_chat,
    OPENAI_RESPONSES: parse_openai_responses,
    OPENAI_COMPLETIONS: parse_openai_completions,
    ANTHROPIC_MESSAGES: parse_anthropic_messages,
}


def parse_body(raw: bytes | str | Mapping[str, Any], api: str | None = None) -> Prompt:
    """Parse a request body; raises PromptParseError on anything that is not a request."""
    if isinstance(raw, Mapping):
        body: Any = raw
    else:
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise PromptParseError(f"body is not JSON: {exc}") from exc
        except RecursionError as exc:
            raise PromptParseError("body is nested too deeply to parse") from exc
    if not isinstance(body, dict):
        raise PromptParseError("body is not a JSON object")
    if api is None or api not in PARSERS:
        api = detect_api(body)
    parser = PARSERS.get(api)
    if parser is None:
        raise PromptParseError("not a chat, responses, completions or messages request")
    try:
        return parser(body)
    except PromptParseError:
        raise
    except (TypeError, AttributeError, ValueError, RecursionError) as exc:
        raise PromptParseError(f"malformed {api} body: {type(exc).__name__}: {exc}") from exc

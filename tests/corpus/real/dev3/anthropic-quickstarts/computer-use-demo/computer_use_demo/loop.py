"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:computer-use-demo/computer_use_demo/loop.py
(lines 48-324), trimmed; not the original text.

The computer-use sampling loop: a module-level system prompt carrying today's date, a fixed tool
collection, three moving breakpoints on the latest user turns, and an image filter that drops
old screenshots from earlier tool results when caching is off.
"""

import platform
from datetime import datetime
from enum import StrEnum
from typing import Any

from anthropic import Anthropic, AnthropicBedrock, AnthropicVertex

from .tools import TOOL_GROUPS_BY_VERSION, ToolCollection, ToolResult


class APIProvider(StrEnum):
    ANTHROPIC = "anthropic"
    BEDROCK = "bedrock"
    VERTEX = "vertex"


# Built once at import; the date is that of the day the process started.
SYSTEM_PROMPT = (
    "<SYSTEM_CAPABILITY>\n"
    f"* An Ubuntu machine on {platform.machine()}, with internet access; use curl, not wget.\n"
    "* Start GUI programs from bash with DISPLAY=:1 inside a subshell and take a screenshot.\n"
    f"* Today is {datetime.today().strftime('%A, %B %-d, %Y')}.\n"  # expect: PL101
    "</SYSTEM_CAPABILITY>\n"
    "<IMPORTANT>\n"
    "* Ignore Firefox's first-run wizard; use the address bar.\n"
    "</IMPORTANT>"
)


async def sampling_loop(
    *,
    model: str,
    provider: APIProvider,
    system_prompt_suffix: str,
    messages: list,
    api_key: str,
    only_n_most_recent_images: int | None = None,
    max_tokens: int = 4096,
    tool_version: str,
):
    tool_group = TOOL_GROUPS_BY_VERSION[tool_version]
    tool_collection = ToolCollection(*(ToolCls() for ToolCls in tool_group.tools))
    # clean: the static prompt first, the session's own suffix after it
    system = {
        "type": "text",
        "text": f"{SYSTEM_PROMPT}{' ' + system_prompt_suffix if system_prompt_suffix else ''}",
    }
    while True:
        enable_prompt_caching = False
        betas = [tool_group.beta_flag] if tool_group.beta_flag else []
        image_truncation_threshold = only_n_most_recent_images or 0
        if provider == APIProvider.ANTHROPIC:
            client = Anthropic(api_key=api_key, max_retries=4)
            enable_prompt_caching = True
        elif provider == APIProvider.VERTEX:
            client = AnthropicVertex()
        else:
            client = AnthropicBedrock()
        if enable_prompt_caching:
            betas.append("prompt-caching-2024-07-31")
            _inject_prompt_caching(messages)
            only_n_most_recent_images = 0
            system["cache_control"] = {"type": "ephemeral"}
        if only_n_most_recent_images:
            _maybe_filter_to_n_most_recent_images(
                messages, only_n_most_recent_images, min_removal_threshold=image_truncation_threshold
            )
        # clean: fixed tools, the system block, the history only appended to
        raw_response = client.beta.messages.with_raw_response.create(
            max_tokens=max_tokens,
            messages=messages,
            model=model,
            system=[system],
            tools=tool_collection.to_params(),
            betas=betas,
        )
        response = raw_response.parse()
        response_params = _response_to_params(response)
        messages.append({"role": "assistant", "content": response_params})
        tool_result_content = []
        for block in response_params:
            if block["type"] == "tool_use":
                result = await tool_collection.run(name=block["name"], tool_input=block["input"])
                tool_result_content.append(_make_api_tool_result(result, block["id"]))
        if not tool_result_content:
            return messages
        messages.append({"content": tool_result_content, "role": "user"})


def _maybe_filter_to_n_most_recent_images(messages: list, images_to_keep: int, min_removal_threshold: int):
    if images_to_keep is None:
        return messages
    tool_result_blocks = [
        item
        for message in messages
        for item in (message["content"] if isinstance(message["content"], list) else [])
        if isinstance(item, dict) and item.get("type") == "tool_result"
    ]
    total_images = sum(
        1
        for tool_result in tool_result_blocks
        for content in tool_result.get("content", [])
        if isinstance(content, dict) and content.get("type") == "image"
    )
    images_to_remove = total_images - images_to_keep
    images_to_remove -= images_to_remove % min_removal_threshold
    for tool_result in tool_result_blocks:
        if isinstance(tool_result.get("content"), list):
            kept = []
            for content in tool_result.get("content", []):
                if isinstance(content, dict) and content.get("type") == "image" and images_to_remove > 0:
                    images_to_remove -= 1
                    continue
                kept.append(content)
            tool_result["content"] = kept  # expect: PL301


def _response_to_params(response: Any) -> list:
    res: list = []
    for block in response.content:
        if block.type == "text":
            if block.text:
                res.append({"type": "text", "text": block.text})
        elif block.type == "thinking":
            res.append({"type": "thinking", "thinking": block.thinking, "signature": block.signature})
        else:
            # clean: the tool call as the API returned it, kept unchanged in the history
            res.append(block.model_dump())
    return res


def _inject_prompt_caching(messages: list):
    # clean (doubtful): markers set in a loop, but capped at three, plus the system one
    breakpoints_remaining = 3
    for message in reversed(messages):
        if message["role"] == "user" and isinstance(content := message["content"], list):
            if breakpoints_remaining:
                breakpoints_remaining -= 1
                content[-1]["cache_control"] = {"type": "ephemeral"}
            else:
                content[-1].pop("cache_control", None)
                break


def _make_api_tool_result(result: ToolResult, tool_use_id: str) -> dict:
    # clean: the tool's own output, in a fixed shape
    content: list = []
    if result.error:
        return {"type": "tool_result", "content": result.error, "tool_use_id": tool_use_id, "is_error": True}
    if result.output:
        content.append({"type": "text", "text": result.output})
    if result.base64_image:
        content.append(
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": result.base64_image}}
        )
    return {"type": "tool_result", "content": content, "tool_use_id": tool_use_id, "is_error": False}

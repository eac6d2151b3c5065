"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/computer_use/loop.py
(lines 93-160, 239-287), trimmed; not the original text.

Anthropic computer-use loop: one module-level system prompt; old screenshots are removed from the
history in chunks of min_removal_threshold.
"""

import platform
from datetime import datetime
from typing import cast

from anthropic import Anthropic

# clean (doubtful): evaluated once at import, fixed for the life of the process
SYSTEM_PROMPT = f"""<SYSTEM_CAPABILITY>
* You control a virtual machine running {"Mac OS" if platform.system() == "Darwin" else platform.system()} with internet access.
* Function calls take a while; chain several into one request where you can.
* The current date is {datetime.today().strftime('%A, %B %d, %Y')}.
</SYSTEM_CAPABILITY>"""


def _maybe_filter_to_n_most_recent_images(messages, images_to_keep: int, min_removal_threshold: int = 5):
    if images_to_keep is None:
        return messages
    tool_result_blocks = cast(
        list,
        [
            item
            for message in messages
            for item in (message["content"] if isinstance(message["content"], list) else [])
            if isinstance(item, dict) and item.get("type") == "tool_result"
        ],
    )
    total_images = sum(
        1 for tool_result in tool_result_blocks for content in tool_result.get("content", []) if isinstance(content, dict) and content.get("type") == "image"
    )
    images_to_remove = total_images - images_to_keep
    images_to_remove -= images_to_remove % min_removal_threshold
    for tool_result in tool_result_blocks:
        if isinstance(tool_result.get("content"), list):
            new_content = []
            for content in tool_result.get("content", []):
                if isinstance(content, dict) and content.get("type") == "image":
                    if images_to_remove > 0:
                        images_to_remove -= 1
                        continue
                new_content.append(content)
            # earlier tool results lose their screenshots, every min_removal_threshold images
            tool_result["content"] = new_content  # expect: PL301


async def sampling_loop(*, model: str, system_prompt_suffix: str, messages: list, api_key: str, tools: list, only_n_most_recent_images: int | None = None, max_tokens: int = 4096):
    system = f"{SYSTEM_PROMPT}{' ' + system_prompt_suffix if system_prompt_suffix else ''}"
    while True:
        if only_n_most_recent_images:
            _maybe_filter_to_n_most_recent_images(messages, only_n_most_recent_images)
        client = Anthropic(api_key=api_key)
        response = client.beta.messages.create(
            max_tokens=max_tokens,
            messages=messages,
            model=model,
            system=system,
            tools=tools,
            betas=["computer-use-2024-10-22"],
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return messages

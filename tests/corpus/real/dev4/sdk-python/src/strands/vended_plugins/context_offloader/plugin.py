"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/vended_plugins/context_offloader/plugin.py (lines 190-300), trimmed; not the original text.

An oversized tool result is replaced, right after the tool call and before it enters the history,
by a preview and the references of the stored blocks; the replaced result is what every later
request sends.
"""

import json


class ContextOffloader:
    def __init__(self, storage, max_result_tokens=10000):
        self._storage = storage
        self._max_result_tokens = max_result_tokens

    async def _handle_tool_result(self, event):
        result = event.result
        content = result["content"]
        tool_use_id = event.tool_use["toolUseId"]
        token_count = await event.agent.model.count_tokens([{"role": "user", "content": [{"toolResult": result}]}])
        if token_count <= self._max_result_tokens:
            return
        references = []
        preview_parts = []
        for i, block in enumerate(content):
            key = f"{tool_use_id}_{i}"
            if block.get("text"):
                preview_parts.append(block["text"])
                references.append(self._storage.store(key, block["text"].encode("utf-8"), "text/plain"))
            elif "json" in block:
                data = json.dumps(block["json"], indent=2)
                preview_parts.append(data)
                references.append(self._storage.store(key, data.encode("utf-8"), "application/json"))
        ref_lines = "\n".join(f"  {ref}" for ref in references)
        preview_text = (
            f"[Offloaded: {len(content)} blocks, ~{token_count:,} tokens]\n"
            "The full result is in external storage; answer from the preview if you can.\n\n"
            f"{chr(10).join(preview_parts)[:2000]}\n\n"
            f"[Stored references:]\n{ref_lines}"
        )
        result["content"] = [{"text": preview_text}]

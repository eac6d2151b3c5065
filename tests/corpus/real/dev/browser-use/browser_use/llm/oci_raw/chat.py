"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/oci_raw/chat.py
(lines 340-392), trimmed; not the original text.
"""

import json

from browser_use.llm.messages import SystemMessage
from browser_use.llm.schema import SchemaOptimizer


class ChatOCIRaw:
    def __init__(self, client, model_id: str):
        self.client = client
        self.model_id = model_id

    async def _make_request(self, messages):
        return await self.client.chat(model_id=self.model_id, messages=[{"role": m.role, "content": m.text} for m in messages])

    async def ainvoke(self, messages, output_format=None):
        if output_format is None:
            return await self._make_request(messages)
        optimized_schema = SchemaOptimizer.create_optimized_json_schema(output_format)
        # clean: the output model's schema and fixed rules, at the end of the system message
        system_instruction = f"""
Answer with ONLY a JSON object that matches this schema:
{json.dumps(optimized_schema, indent=2)}

Rules:
- only the JSON object, no other text
- valid JSON with every required field and no extra fields
"""
        modified_messages = messages.copy()
        if modified_messages and modified_messages[0].role == "system":
            modified_messages[0].content = modified_messages[0].text + "\n\n" + system_instruction
        else:
            modified_messages.insert(0, SystemMessage(content=system_instruction))
        return await self._make_request(modified_messages)

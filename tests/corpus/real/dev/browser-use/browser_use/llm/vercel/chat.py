"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/vercel/chat.py
(lines 550-595), trimmed; not the original text.
"""

import json

from openai import AsyncOpenAI

from browser_use.llm.messages import ContentPartTextParam, SystemMessage
from browser_use.llm.schema import SchemaOptimizer


class ChatVercel:
    def __init__(self, model: str):
        self.model = model
        self.client = AsyncOpenAI(base_url="https://ai-gateway.vercel.sh/v1")

    async def ainvoke(self, messages, output_format=None):
        modified_messages = [m.model_copy(deep=True) for m in messages]
        schema = SchemaOptimizer.create_gemini_optimized_schema(output_format)
        # clean: the schema of the output model, the same for the same model, appended to the
        # end of the system message
        json_instruction = f"\n\nIMPORTANT: answer with only a JSON object matching this schema:\n{json.dumps(schema, indent=2)}"
        if modified_messages and modified_messages[0].role == "system":
            if isinstance(modified_messages[0].content, str):
                modified_messages[0].content += json_instruction
            else:
                modified_messages[0].content.append(ContentPartTextParam(text=json_instruction))
        else:
            modified_messages.insert(0, SystemMessage(content=json_instruction))
        return await self.client.chat.completions.create(
            model=self.model,
            messages=[{"role": m.role, "content": m.text} for m in modified_messages],
        )

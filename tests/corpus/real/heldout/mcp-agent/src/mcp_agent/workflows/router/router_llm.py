"""Reconstruction of lastmile-ai/mcp-agent@04cae7ea5ba3a5c4e62c22884938699c73705651:src/mcp_agent/workflows/router/router_llm.py (lines 33-60, 350-378), trimmed; not the original text."""
DEFAULT_ROUTING_INSTRUCTION = """
You are a highly accurate request router that directs incoming requests to the most appropriate category.
Below are the available routing categories, each with their capabilities and descriptions:

{context}

Your task is to analyze the following request and determine the most appropriate categories from the options above.

Request: {request}

Respond in JSON format with up to {top_k} categories.
"""


class LLMRouter:
    async def _route_with_llm(self, request: str, top_k: int = 1):
        routing_instruction = self.routing_instruction or DEFAULT_ROUTING_INSTRUCTION
        context = self._generate_context()
        prompt = routing_instruction.format(context=context, request=request, top_k=top_k)
        return await self.classifier_llm.generate_structured(message=prompt, response_model=dict)

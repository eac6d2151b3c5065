"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/parsers/multi_modal_parser.py (lines 46-90), trimmed; not the original text."""

from langchain_core.messages import HumanMessage

from backend.constants import MULTI_MODAL_PARSER_PROMPT
from backend.modules.model_gateway.model_gateway import model_gateway


class MultiModalParser:
    def __init__(self, *, model_configuration, prompt: str = "", **kwargs):
        self.model_configuration = model_configuration
        if prompt:
            self.prompt = prompt
        else:
            self.prompt = MULTI_MODAL_PARSER_PROMPT
        self.llm = model_gateway.get_llm_from_model_config(self.model_configuration)

    async def call_vlm_agent(self, base64_image: str, page_number: int):
        content = [
            HumanMessage(
                content=[
                    {"type": "text", "text": self.prompt},
                    {
                        "type": "image_url",
                        "image_url": {"url": f"data:image/jpeg;base64,{base64_image}", "detail": "high"},
                    },
                ]
            )
        ]
        response = await self.llm.ainvoke(content)
        return {"response": (page_number, response.content)}

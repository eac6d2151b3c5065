"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/index/operations/summarize_communities/community_reports_extractor.py (lines 74-95), trimmed; not the original text."""

INPUT_TEXT_KEY = "input_text"
MAX_LENGTH_KEY = "max_report_length"


class CommunityReportsExtractor:
    def __init__(self, model, extraction_prompt: str, max_report_length: int):
        self._model = model
        self._extraction_prompt = extraction_prompt  # long static instructions, the community text, then a static tail
        self._max_report_length = max_report_length

    async def __call__(self, input_text: str):
        prompt = self._extraction_prompt.format(**{
            INPUT_TEXT_KEY: input_text,  # expect: PL104
            MAX_LENGTH_KEY: str(self._max_report_length),
        })
        return await self._model.completion_async(messages=prompt, response_format=dict)

"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/base.py (lines 130-200), trimmed; not the original text."""

from core.llm.convo import Convo


class BaseLLMClient:
    def __init__(self, config):
        self.config = config
        self.stream_handler = None

    async def _make_request(self, convo: Convo, temperature: float | None = None, json_mode: bool = False):
        raise NotImplementedError

    async def __call__(self, convo: Convo, temperature: float | None = None, parser=None, json_mode: bool = False):
        convo = convo.fork()
        response, prompt_tokens, completion_tokens = await self._make_request(convo, temperature=temperature, json_mode=json_mode)
        return parser(response) if parser else response

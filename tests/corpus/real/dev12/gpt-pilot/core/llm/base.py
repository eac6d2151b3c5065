"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/base.py (lines 113-300), trimmed; not the original text."""

from core.llm.convo import Convo


class BaseLLMClient:
    async def __call__(self, convo: Convo, *, temperature=None, parser=None, max_retries: int = 3, json_mode: bool = False):
        convo = convo.fork()
        remaining_retries = max_retries
        while True:
            if remaining_retries == 0:
                raise ValueError("too many retries")
            remaining_retries -= 1
            response, prompt_tokens, completion_tokens = await self._make_request(convo, temperature=temperature, json_mode=json_mode)
            if parser:
                try:
                    response = parser(response)
                    break
                except ValueError as err:
                    convo.assistant(response)
                    convo.user(f"Error parsing response: {err}. Please output your response EXACTLY as requested.")
                    continue
            else:
                break
        return response

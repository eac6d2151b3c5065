"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/llms/openai.py (lines 73-115), trimmed; not the original text."""

import openai

from superagi.config.config import get_config
from superagi.llms.base_llm import BaseLlm


class OpenAi(BaseLlm):
    def chat_completion(self, messages, max_tokens=get_config("MAX_MODEL_TOKEN_LIMIT")):
        try:
            response = openai.ChatCompletion.create(
                n=self.number_of_results,
                model=self.model,
                messages=messages,
                temperature=self.temperature,
                max_tokens=max_tokens,
                top_p=self.top_p,
                frequency_penalty=self.frequency_penalty,
                presence_penalty=self.presence_penalty,
            )
            return {"response": response, "content": response.choices[0].message["content"]}
        except openai.error.AuthenticationError as auth_error:
            return {"error": "ERROR_AUTHENTICATION", "message": str(auth_error)}

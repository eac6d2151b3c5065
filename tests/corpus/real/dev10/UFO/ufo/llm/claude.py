"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/llm/claude.py (lines 33-134), trimmed; not the original text."""

import re
from typing import Dict, List, Tuple


class ClaudeService:
    def chat_completion(self, messages, n, max_tokens=None):
        responses = []
        system_prompt, user_prompt = self.process_messages(messages)
        for _ in range(n):
            response = self.client.messages.create(
                max_tokens=max_tokens,
                model=self.model,
                system=system_prompt,
                messages=user_prompt,
            )
            responses.append(response.content[0].text)
        return responses, 0.0

    def process_messages(self, messages: List[Dict[str, str]]) -> Tuple[str, list]:
        system_prompt = ""
        user_prompt = {"role": "user", "content": []}
        for message in messages:
            if message["role"] == "system":
                system_prompt = message["content"]
            else:
                for content in message["content"]:
                    if content["type"] == "text":
                        user_prompt["content"].append(content)
                    elif content["type"] == "image_url":
                        match = re.match(r"data:(.*?);base64,(.*)", content["image_url"]["url"])
                        user_prompt["content"].append(
                            {
                                "type": "image",
                                "source": {
                                    "type": "base64",
                                    "media_type": match.group(1),
                                    "data": match.group(2),
                                },
                            }
                        )
        return system_prompt, [user_prompt]

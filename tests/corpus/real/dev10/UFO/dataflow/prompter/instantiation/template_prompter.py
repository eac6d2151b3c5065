"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:dataflow/prompter/instantiation/template_prompter.py (lines 15-110), trimmed; not the original text."""

import base64
import os
from typing import Dict, List

from ufo.prompter.basic import BasicPrompter
from ufo.prompter.prompt_sanitizer import sanitize_user_input


class TemplatePrompter(BasicPrompter):
    def __init__(self, is_visual: bool, prompt_template: str, example_prompt_template: str):
        super().__init__(is_visual, prompt_template, example_prompt_template)

    def encode_image(self, image_path: str) -> str:
        with open(image_path, "rb") as f:
            encoded_image = base64.b64encode(f.read()).decode("utf-8")
        return "data:image/png;base64," + encoded_image

    def file_prompt_helper(self, path) -> List[Dict]:
        # the template folder's screenshots, the same for every task, ahead of the task text
        image_path = os.path.join(path, "images")
        image_urls = []
        user_content = []
        for file in os.listdir(image_path):  # expect: PL201
            if file.endswith(".png"):
                image_urls.append(self.encode_image(os.path.join(image_path, file)))
        for i in range(len(image_urls)):
            user_content.append({"type": "text", "text": "This is the screenshot of " + str(i + 1) + ".docx"})
            user_content.append({"type": "image_url", "image_url": {"url": image_urls[i]}})
        return user_content

    def system_prompt_construction(self, descriptions: str = "") -> str:
        ans = self.prompt_template["system"]
        ans = ans.format(descriptions=descriptions)
        return ans

    def user_prompt_construction(self, request: str) -> str:
        prompt = self.prompt_template["user"].format(given_task=sanitize_user_input(request, "given_task"))
        return prompt

    def user_content_construction(self, path: str, request: str) -> List[Dict]:
        user_content = self.file_prompt_helper(path)
        user_content.append({"type": "text", "text": self.user_prompt_construction(request)})
        return user_content

"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/interfaces.py (lines 148-199), trimmed; not the original text."""

import os

from goldenverba.components.types import InputConfig


class VerbaComponent:
    def __init__(self):
        self.config = {}


class Generator(VerbaComponent):
    def __init__(self):
        super().__init__()
        self.context_window = 5000
        default_prompt = "You are Verba, a RAG chatbot. Answer the user's queries only from the context pieces you are given, name the documents you used, and say so when the context is not enough."
        prompt = os.getenv("SYSYEM_MESSAGE_PROMPT", default_prompt)
        self.config["System Message"] = InputConfig(
            type="textarea", value=prompt, description="System Message", values=[]
        )

    async def generate_stream(self, queries, context, conversation=None):
        raise NotImplementedError("implemented by each generator")

    def prepare_messages(self, queries, context, conversation):
        raise NotImplementedError("implemented by each generator")

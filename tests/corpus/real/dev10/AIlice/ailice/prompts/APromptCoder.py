"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/prompts/APromptCoder.py (lines 1-72), trimmed; not the original text."""

from datetime import datetime
from importlib.resources import read_text

from ailice.prompts.ATools import ConstructOptPrompt


class APromptCoder():
    PROMPT_NAME = "coder"

    def __init__(self, processor, storage, collection, conversations, formatter, config, outputCB=None):
        self.processor = processor
        self.storage = storage
        self.collection = collection
        self.conversations = conversations
        self.formatter = formatter
        self.config = config
        self.prompt0 = read_text("ailice.prompts", "prompt_coder.txt")

    def ParameterizedBuildPrompt(self, n: int):
        prompt = (
            f"\n{self.prompt0}\n\n"
            "Current date and time(%Y-%m-%d %H:%M:%S):\n"
            f"{datetime.now().strftime('%Y-%m-%d %H:%M:%S')}\n\n"  # expect: PL101
        )
        return self.formatter(prompt0=prompt, conversations=self.conversations.GetConversations(frm=-n))

    def BuildPrompt(self):
        prompt, n, tokenNum = ConstructOptPrompt(self.ParameterizedBuildPrompt, low=1, high=len(self.conversations), maxLen=int(self.processor.llm.contextWindow * self.config.contextWindowRatio))
        if prompt is None:
            prompt, tokenNum = self.ParameterizedBuildPrompt(1)
        return prompt, tokenNum


APrompt = APromptCoder

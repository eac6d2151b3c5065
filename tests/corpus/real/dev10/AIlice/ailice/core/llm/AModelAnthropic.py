"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/core/llm/AModelAnthropic.py (lines 1-56), trimmed; not the original text."""

import anthropic

from ailice.core.llm.AFormatter import AFormatterClaudeVision


class AModelAnthropic():
    def __init__(self, modelType: str, modelName: str, config):
        self.modelType = modelType
        self.modelName = modelName
        self.config = config
        self.formatter = AFormatterClaudeVision(tokenizer=None, systemAsUser=False)

    def Generate(self, prompt, proc, endchecker, temperature: float, gasTank) -> str:
        text = ""
        with anthropic.Anthropic(api_key=self.config.models[self.modelType]["apikey"]) as client:
            with client.messages.stream(model=self.modelName,
                                        max_tokens=4096,
                                        system=prompt[0][0]["content"],
                                        messages=prompt[0][1:],
                                        timeout=60) as stream:
                for delta in stream.text_stream:
                    text += delta
                    if endchecker(text):
                        break
        proc(txt=text)
        return text

"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/extraction/normalizer.py (lines 12-80), trimmed; not the original text."""

from tinytroupe.utils.llm import LLMChat


class Normalizer:
    def __init__(self, elements: list, n: int, max_length: int = None):
        # unique elements, in set order
        self.elements = list(set(elements))
        self.n = n
        self.max_length = max_length
        self.normalizing_map = {}
        rendering_configs = {"n": n, "elements": self.elements}
        if max_length is not None:
            rendering_configs["max_length"] = max_length
        # fixed system template; the user template lists n, then the elements
        chat = LLMChat(
            system_prompt="Group the input strings into at most n canonical categories.",
            user_prompt=f"Produce up to {n} categories covering all of these inputs:\n" + "\n".join(f"  - {e}" for e in self.elements),
            output_type=dict,
        )
        self.normalized_elements = chat.call()

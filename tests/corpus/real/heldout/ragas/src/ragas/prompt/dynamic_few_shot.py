"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/prompt/dynamic_few_shot.py (lines 70-90, 169-195), trimmed; not the original text."""
import typing as t

from .simple_prompt import Prompt


class InMemoryExampleStore:
    def __init__(self, embedding_model=None):
        self.embedding_model = embedding_model
        self._examples: t.List[t.Tuple[t.Dict, t.Dict]] = []

    def get_examples(self, data: t.Dict, top_k: int = 5, threshold: float = 0.7):
        if not self._examples:
            return []
        if self.embedding_model is None:
            return self._examples[-top_k:]
        indices = self._get_nearest_examples(data, top_k, threshold)
        return [self._examples[i] for i in indices]

    def _get_nearest_examples(self, data, top_k, threshold):
        return list(range(min(top_k, len(self._examples))))


class DynamicFewShotPrompt(Prompt):
    def __init__(self, instruction, examples=None, response_model=None, embedding_model=None, max_similar_examples=3, similarity_threshold=0.7):
        self.example_store = InMemoryExampleStore(embedding_model=embedding_model)
        self.max_similar_examples = max_similar_examples
        self.similarity_threshold = similarity_threshold
        super().__init__(instruction, None, response_model)

    def format(self, **kwargs) -> str:
        prompt_parts = []
        prompt_parts.append(self.instruction.format(**kwargs))
        dynamic_examples = []
        if self.example_store and kwargs:
            dynamic_examples = self.example_store.get_examples(kwargs, self.max_similar_examples, self.similarity_threshold)
        if dynamic_examples:
            prompt_parts.append("Examples:")
            for i, (inputs, output) in enumerate(dynamic_examples, 1):
                example_input = "\n".join([f"{k}: {v}" for k, v in inputs.items()])
                example_output = "\n".join([f"{k}: {v}" for k, v in output.items()])
                prompt_parts.append(f"Example {i}:\nInput:\n{example_input}\nOutput:\n{example_output}")
        return "\n\n".join(prompt_parts)

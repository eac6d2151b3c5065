"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/prompt/simple_prompt.py (lines 17-35, 98-135), trimmed; not the original text."""
import typing as t


class Prompt:
    def __init__(self, instruction: str, examples: t.Optional[t.List[t.Tuple[t.Dict, t.Dict]]] = None, response_model=None):
        self.instruction = instruction
        self.examples = []
        self.response_model = response_model
        if examples:
            for inputs, output in examples:
                self.add_example(inputs, output)

    def format(self, **kwargs) -> str:
        prompt_parts = []
        prompt_parts.append(self.instruction.format(**kwargs))
        if self.examples:
            prompt_parts.append(self._format_examples())
        result = "\n\n".join(prompt_parts) if len(prompt_parts) > 1 else prompt_parts[0]
        return result

    def _format_examples(self) -> str:
        examples = []
        for i, (inputs, output) in enumerate(self.examples, 1):
            example_input = "\n".join([f"{k}: {v}" for k, v in inputs.items()])
            example_output = "\n".join([f"{k}: {v}" for k, v in output.items()])
            examples.append(f"Example {i}:\nInput:\n{example_input}\nOutput:\n{example_output}")
        return "\n\n".join(examples) if examples else ""

    def add_example(self, input: t.Dict, output: t.Dict) -> None:
        self.examples.append((input, output))

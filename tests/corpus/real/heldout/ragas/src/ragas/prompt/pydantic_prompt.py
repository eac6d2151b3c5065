"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/prompt/pydantic_prompt.py (lines 82-133), trimmed; not the original text."""
import json
import typing as t

from pydantic import BaseModel


class PydanticPrompt:
    input_model: t.Type[BaseModel]
    output_model: t.Type[BaseModel]
    instruction: str
    examples: t.List[t.Tuple[BaseModel, BaseModel]] = []

    def _generate_output_signature(self, indent: int = 4) -> str:
        return (
            "Please return the output in a JSON format that complies with the "
            "following schema as specified in JSON Schema:\n"
            f"{json.dumps(self.output_model.model_json_schema())}"
            "Do not use single quotes in your response but double quotes,"
            "properly escaped with a backslash."
        )

    def _generate_examples(self):
        if self.examples:
            example_strings = []
            for idx, e in enumerate(self.examples):
                input_data, output_data = e
                example_strings.append(
                    f"Example {idx + 1}\n"
                    + "Input: "
                    + input_data.model_dump_json(indent=4)
                    + "\nOutput: "
                    + output_data.model_dump_json(indent=4)
                )
            return "\n--------EXAMPLES-----------\n" + "\n\n".join(example_strings)
        return ""

    def to_string(self, data=None) -> str:
        return (
            f"{self.instruction}\n"
            + self._generate_output_signature()
            + "\n"
            + self._generate_examples()
            + "\n-----------------------------\n"
            + "\nNow perform the same with the following input\n"
            + ("input: " + data.model_dump_json(indent=4, exclude_none=True) + "\n" if data is not None else "Input: (None)\n")
            + "Output: "
        )

    async def generate(self, llm, data, temperature=None):
        prompt_value = self.to_string(data)
        return await llm.agenerate(prompt_value, self.output_model)

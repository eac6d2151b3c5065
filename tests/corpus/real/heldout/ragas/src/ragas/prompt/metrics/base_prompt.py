"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/prompt/metrics/base_prompt.py (lines 26-76), trimmed; not the original text."""
import json
import typing as t


class BasePrompt:
    input_model: t.Any
    output_model: t.Any
    instruction: str
    examples: t.List[t.Tuple[t.Any, t.Any]]
    language: str = "english"

    def to_string(self, data) -> str:
        output_schema = json.dumps(self.output_model.model_json_schema())
        examples_str = self._generate_examples()
        input_json = data.model_dump_json(indent=4, exclude_none=True)
        return f"""{self.instruction}
Please return the output in a JSON format that complies with the following schema as specified in JSON Schema:
{output_schema}Do not use single quotes in your response but double quotes,properly escaped with a backslash.

{examples_str}
-----------------------------

Now perform the same with the following input
input: {input_json}
Output: """

    def _generate_examples(self) -> str:
        if not self.examples:
            return ""
        example_strings = []
        for idx, (input_data, output_data) in enumerate(self.examples):
            example_strings.append(
                f"Example {idx + 1}\n"
                f"Input: {input_data.model_dump_json(indent=4)}\n"
                f"Output: {output_data.model_dump_json(indent=4)}"
            )
        return "--------EXAMPLES-----------\n" + "\n\n".join(example_strings)

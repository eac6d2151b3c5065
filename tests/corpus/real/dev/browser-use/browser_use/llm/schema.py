"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/schema.py
(lines 1-217), trimmed; not the original text.

Flattens a pydantic model's JSON schema (refs inlined); the result follows the model's field order.
"""


class SchemaOptimizer:
    @staticmethod
    def create_optimized_json_schema(model) -> dict:
        schema = model.model_json_schema()
        defs = schema.pop("$defs", {})

        def inline(obj):
            if isinstance(obj, dict):
                if "$ref" in obj:
                    return inline(defs[obj["$ref"].split("/")[-1]])
                return {key: inline(value) for key, value in obj.items() if key != "title"}
            if isinstance(obj, list):
                return [inline(item) for item in obj]
            return obj

        return inline(schema)

    @staticmethod
    def create_gemini_optimized_schema(model) -> dict:
        return SchemaOptimizer.create_optimized_json_schema(model)

"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/memory/tool_memory.py (lines 82-110), trimmed; not the original text."""

from litellm import completion


class ToolReranker:
    def __init__(self, model: str):
        self.model = model

    def rerank(self, query_text: str, query_df) -> str:
        system_prompt = """You rerank the given API table for the query and answer with the top 5 as
Tool_Name|API_Name pairs separated by commas, choosing only among the APIs given."""
        api_data = query_df.to_dict(orient="records")
        prompt = "".join(f"\n\nAPI {i + 1}:\n{api}" for i, api in enumerate(api_data))
        prompt = f"The query is: {query_text}\n\n{prompt}"
        message = [{"role": "system", "content": system_prompt}, {"role": "user", "content": prompt}]
        return completion(model=self.model, messages=message, stream=False).choices[0].message.content

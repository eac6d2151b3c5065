"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/skills/context_manager.py
(lines 90-120), trimmed; not the original text.

The result becomes relevant_written_contents in the subtopic report prompt
(prompts.py generate_subtopic_report_prompt), after that request's context.
"""

import asyncio


class ContextManager:
    def __init__(self, researcher):
        self.researcher = researcher

    async def __get_similar_written_contents_by_query(self, query: str, written_contents: list[dict]) -> list[str]:
        return [c["written_content"] for c in written_contents if query.lower() in c["written_content"].lower()]

    async def get_similar_written_contents_by_draft_section_titles(self, current_subtopic: str, draft_section_titles: list[str], written_contents, max_results: int = 10) -> list[str]:
        all_queries = [current_subtopic] + draft_section_titles

        async def process_query(query: str) -> set[str]:
            return set(await self.__get_similar_written_contents_by_query(query, written_contents))

        results = await asyncio.gather(*[process_query(query) for query in all_queries])
        # a union of sets of strings: which items make the cut and their order follow hash order,
        # which differs per process
        relevant_contents = set().union(*results)  # expect: PL201
        return list(relevant_contents)[:max_results]

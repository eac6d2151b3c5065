"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/skills/deep_research.py
(lines 262-345), trimmed; not the original text.
"""

from datetime import datetime

from gpt_researcher.utils.llm import create_chat_completion


class DeepResearchSkill:
    def __init__(self, researcher):
        self.researcher = researcher

    async def generate_search_queries(self, query: str, num_queries: int = 3):
        messages = [
            {"role": "system", "content": "You are an expert researcher generating search queries."},
            {
                "role": "user",
                # clean: configuration, fixed instructions, then the query last
                "content": (
                    f"Given the following prompt, generate {num_queries} unique search queries to research the topic. "
                    "Give each query a research goal.\n\n"
                    'Return ONLY a JSON array: [{"query": "<search query>", "researchGoal": "<goal>"}]\n\n'
                    f"Prompt: {query}"
                ),
            },
        ]
        return await create_chat_completion(messages=messages, llm_provider=self.researcher.cfg.strategic_llm_provider, model=self.researcher.cfg.strategic_llm_model, temperature=0.4)

    async def generate_research_plan(self, query: str, search_results: list, num_questions: int = 3):
        # clean: in the user message, which opens with the query; the system prompt before it is static
        current_time = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        messages = [
            {"role": "system", "content": "You are an expert researcher. Generate targeted questions. Return valid JSON only."},
            {
                "role": "user",
                "content": f"Original query: {query}\n\nCurrent time: {current_time}\n\nSearch results:\n{search_results}\n\n"
                f"Generate {num_questions} questions, each on a different aspect or period up to {current_time}.\n"
                'Return ONLY {"questions": ["<question 1>", "<question 2>"]}',
            },
        ]
        return await create_chat_completion(messages=messages, llm_provider=self.researcher.cfg.strategic_llm_provider, model=self.researcher.cfg.strategic_llm_model, temperature=0.4)

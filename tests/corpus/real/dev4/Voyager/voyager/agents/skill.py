"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/agents/skill.py (lines 13-59, 102-127), trimmed; not the original text.

retrieve_skills returns the code of the skills nearest to the query in the vector store: which
skills, and in which order, depends on the query and on the skills learnt so far.
"""

from langchain.chat_models import ChatOpenAI
from langchain.schema import HumanMessage, SystemMessage

from voyager.control_primitives import load_control_primitives
from voyager.prompts import load_prompt


class SkillManager:
    def __init__(self, vectordb, model_name="gpt-3.5-turbo", retrieval_top_k=5):
        self.llm = ChatOpenAI(model_name=model_name, temperature=0)
        self.control_primitives = load_control_primitives()
        self.skills = {}
        self.retrieval_top_k = retrieval_top_k
        self.vectordb = vectordb

    @property
    def programs(self):
        programs = ""
        for skill_name, entry in self.skills.items():
            programs += f"{entry['code']}\n\n"
        for primitives in self.control_primitives:
            programs += f"{primitives}\n\n"
        return programs

    def generate_skill_description(self, program_name, program_code):
        messages = [
            SystemMessage(content=load_prompt("skill")),
            HumanMessage(content=program_code + "\n\n" + f"The main function is `{program_name}`."),
        ]
        description = f"    // {self.llm(messages).content}"
        return f"async function {program_name}(bot) {{\n{description}\n}}"

    def retrieve_skills(self, query):
        k = min(self.vectordb._collection.count(), self.retrieval_top_k)
        if k == 0:
            return []
        docs_and_scores = self.vectordb.similarity_search_with_score(query, k=k)
        return [self.skills[doc.metadata["name"]]["code"] for doc, _ in docs_and_scores]

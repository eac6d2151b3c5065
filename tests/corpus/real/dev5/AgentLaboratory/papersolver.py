"""Reconstruction of SamuelSchmidgall/AgentLaboratory@123444b7690aedbe895ec68c0b69b6fe65d2a22a:papersolver.py (lines 269-304, 481-558), trimmed; not the original text."""

import random
from copy import copy

from inference import query_model


class PaperSolver:
    def __init__(self, plan, exp_code, exp_results, insights, lit_review, notes, ref_papers, topic, llm_str):
        self.plan = plan
        self.exp_code = exp_code
        self.exp_results = exp_results
        self.insights = insights
        self.lit_review = lit_review
        self.notes = notes
        self.ref_papers = ref_papers
        self.topic = topic
        self.llm_str = llm_str
        self.model = llm_str
        self.paper_lines = []
        self.best_report = [([], 0.0, "")]
        self.commands = []

    def solve(self):
        self.paper_lines = copy(random.choice(self.best_report)[0])
        return query_model(model_str=self.model, system_prompt=self.system_prompt(), prompt="\nNow please enter a command: ", temp=1.0)

    def system_prompt(self, commands=True, section=None):
        if section is not None:
            section_cmd = f"Write only the latex body of the {section} section, nothing else."
        else:
            section_cmd = ""
        cmd_set = f"The following are commands you have access to: {self.command_descriptions()}\n." if commands else ""
        ref_papers = "" if not self.ref_papers else "A high-quality reference paper:\n" + "\n".join(self.ref_papers) + "\n\n\n"
        lit_review_str = str(self.lit_review)[:20000]
        return (
            f"{ref_papers}"
            f"{self.role_description()}.\n"
            f"The following are your task instructions: {self.phase_prompt()}\n"
            f"Notes and general tips: {self.notes}"
            f"The literature review for the paper:\n{lit_review_str}\n"
            f"The original research plan: {self.plan}\n"
            f"The code written for it: {self.exp_code}\n"
            f"Its results: {self.exp_results}\n Report these numbers accurately."
            f"An interpretation of the results:\n{self.insights}\n"
            "Write in a plain, objective style, about 4000 words in total.\n"
            f"{cmd_set}\n"
            f"Provided here is your current paper {self.generate_paper_lines(self.paper_lines)}"
            f"{section_cmd}"
        )

    def generate_paper_lines(self, lines):
        return "".join(f"{i} |{line}\n" for i, line in enumerate(lines))

    def command_descriptions(self):
        return "```EDIT N M\n<latex>\n``` replaces lines N to M of the paper."

    def phase_prompt(self):
        return "You are a PhD student writing a research paper from finished experiments.\n"

    def role_description(self):
        return "You are a computer science PhD student at a top university."

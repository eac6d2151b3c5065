"""Reconstruction of SamuelSchmidgall/AgentLaboratory@123444b7690aedbe895ec68c0b69b6fe65d2a22a:ai_lab_repo.py (lines 466-530, 613-647), trimmed; not the original text."""

from datetime import date

import requests

from inference import query_model


class AgentRxiv:
    def __init__(self, lab_index=0):
        self.lab_index = lab_index
        self.summaries = {}
        self.pdf_text = {}

    def search_agentrxiv(self, search_query, num_papers):
        url = f"http://127.0.0.1:{5000 + self.lab_index}/api/search?q={search_query}"
        return_str = ""
        data = requests.get(url).json()
        return_str += "Search Query:" + data["query"] + "Results:"
        for result in data["results"][:num_papers]:
            arxiv_id = f"AgentRxiv:ID_{result['id']}"
            if arxiv_id not in self.summaries:
                self.pdf_text[arxiv_id] = requests.get(result["pdf_url"]).text
                self.summaries[arxiv_id] = query_model(
                    prompt=self.pdf_text[arxiv_id],
                    system_prompt="Summarise this paper in five sentences.",
                    model_str="gpt-4o-mini",
                )
            return_str += f"Title: {result['filename']}"
            return_str += f"Summary: {self.summaries[arxiv_id]}\n"
            # today's date stands in for the publication date of the search result
            formatted_date = date.today().strftime("%d/%m/%Y")
            return_str += f"Publication Date: {formatted_date}\n"
            return_str += f"arXiv paper ID: {arxiv_id}" + "-" * 40
        return return_str


class LaboratoryWorkflow:
    def __init__(self, phd, research_topic, max_steps=100):
        self.phd = phd
        self.research_topic = research_topic
        self.max_steps = max_steps
        self.agentrxiv = AgentRxiv()

    def literature_review(self):
        resp = self.phd.inference(self.research_topic, "literature review", step=0, temp=0.4)
        for i in range(self.max_steps):
            feedback = ""
            if "```SUMMARY" in resp:
                query = resp.split("```SUMMARY")[1].split("```")[0].strip()
                # the search results become this step's feedback, kept as they are in the history
                feedback = f"Papers found for {query}:\n{self.agentrxiv.search_agentrxiv(query, 5)}"
            resp = self.phd.inference(self.research_topic, "literature review", feedback=feedback, step=i + 1, temp=0.4)
        return resp

"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/ktem/ktem/reasoning/simple.py (lines 42-84), trimmed; not the original text."""

from kotaemon.base import AIMessage, BaseComponent, Document, HumanMessage, SystemMessage


class AddQueryContextPipeline(BaseComponent):
    n_last_interactions: int = 5

    def run(self, question: str, history: list) -> Document:
        messages = [
            SystemMessage(
                content="Below is a history of the conversation so far, and a new "
                "question asked by the user that needs to be answered by searching "
                "in a knowledge base.\nYou have access to a Search index "
                "with 100's of documents.\nGenerate a search query based on the "
                "conversation and the new question."
            ),
            HumanMessage(content="How did crypto do last year?"),
            AIMessage(content="Summarize Cryptocurrency Market Dynamics from last year"),
            HumanMessage(content="What are my health plans?"),
            AIMessage(content="Show available health plans"),
        ]
        for human, ai in history[-self.n_last_interactions :]:  # expect: PL301
            messages.append(HumanMessage(content=human))
            messages.append(AIMessage(content=ai))
        messages.append(HumanMessage(content=f"Generate search query for: {question}"))
        resp = self.llm(messages).text
        return Document(content=resp)

"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/ktem/ktem/reasoning/prompt_optimization/suggest_followup_chat.py (lines 11-44), trimmed; not the original text."""

from kotaemon.base import AIMessage, BaseComponent, Document, HumanMessage
from kotaemon.llms import PromptTemplate


class SuggestFollowupQuesPipeline(BaseComponent):
    prompt_template: str = (
        "Based on the chat history above, your task is to generate 3 to 5 relevant follow-up questions. "
        "Respond in JSON format with 'questions' key. "
        "Answer using the language {lang} same as the question. "
    )
    lang: str = "English"

    def run(self, chat_history: list) -> Document:
        prompt = PromptTemplate(self.prompt_template).populate(lang=self.lang)
        messages = []
        for human, ai in chat_history[-3:]:  # expect: PL301
            messages.append(HumanMessage(content=human))
            messages.append(AIMessage(content=ai))
        messages.append(HumanMessage(content=prompt))
        return self.llm(messages)

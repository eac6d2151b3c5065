"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/ktem/ktem/reasoning/prompt_optimization/suggest_conversation_name.py (lines 11-37), trimmed; not the original text."""

from kotaemon.base import AIMessage, BaseComponent, Document, HumanMessage
from kotaemon.llms import PromptTemplate


class SuggestConvNamePipeline(BaseComponent):
    prompt_template: str = "You are an expert at summarizing. Suggest a conversation name in {lang} without any extra."
    lang: str = "English"

    def run(self, chat_history: list) -> Document:
        prompt = PromptTemplate(self.prompt_template).populate(lang=self.lang)
        messages = []
        for human, ai in chat_history:
            messages.append(HumanMessage(content=human))
            messages.append(AIMessage(content=ai))
        messages.append(HumanMessage(content=prompt))
        return self.llm(messages)

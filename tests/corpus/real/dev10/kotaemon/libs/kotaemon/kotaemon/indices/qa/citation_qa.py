"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/kotaemon/kotaemon/indices/qa/citation_qa.py (lines 40-48, 82-142, 190-272), trimmed; not the original text."""

from kotaemon.base import AIMessage, BaseComponent, HumanMessage, SystemMessage
from kotaemon.llms import PromptTemplate

DEFAULT_QA_TEXT_PROMPT = (
    "Use the following pieces of context to answer the question at the end in detail with clear explanation. "
    "If you don't know the answer, just say that you don't know, don't try to "
    "make up an answer. Give answer in "
    "{lang}.\n\n"
    "{context}\n"
    "Question: {question}\n"
    "Helpful Answer:"
)


class AnswerWithContextPipeline(BaseComponent):
    qa_template: str = DEFAULT_QA_TEXT_PROMPT
    system_prompt: str = ""
    lang: str = "English"
    n_last_interactions: int = 5

    def get_prompt(self, question, evidence, evidence_mode: int):
        prompt_template = PromptTemplate(self.qa_template)
        prompt = prompt_template.populate(
            context=evidence,
            question=question,
            lang=self.lang,
        )
        return prompt, evidence

    def stream(self, question: str, evidence: str, evidence_mode: int = 0, images: list = [], **kwargs):
        history = kwargs.get("history", [])
        if evidence:
            prompt, evidence = self.get_prompt(question, evidence, evidence_mode)
        else:
            prompt = question
        output = ""
        messages = []
        if self.system_prompt:
            messages.append(SystemMessage(content=self.system_prompt))
        for human, ai in history[-self.n_last_interactions :]:  # expect: PL301
            messages.append(HumanMessage(content=human))
            messages.append(AIMessage(content=ai))
        messages.append(HumanMessage(content=prompt))
        for out_msg in self.llm.stream(messages):
            output += out_msg.text
            yield out_msg
        return output

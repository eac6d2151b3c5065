"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/kotaemon/kotaemon/indices/qa/citation_qa_inline.py (lines 86-90, 193-240), trimmed; not the original text."""

from kotaemon.base import AIMessage, HumanMessage, SystemMessage

from .citation_qa import AnswerWithContextPipeline


class AnswerWithInlineCitation(AnswerWithContextPipeline):
    def stream(self, question: str, evidence: str, evidence_mode: int = 0, **kwargs):
        history = kwargs.get("history", [])
        prompt, evidence = self.get_prompt(question, evidence, evidence_mode)
        messages = []
        if self.system_prompt:
            messages.append(SystemMessage(content=self.system_prompt))
        for human, ai in history[-self.n_last_interactions :]:  # expect: PL301
            messages.append(HumanMessage(content=human))
            messages.append(AIMessage(content=ai))
        messages.append(HumanMessage(content=prompt))
        output = ""
        for out_msg in self.llm.stream(messages):
            output += out_msg.text
            yield out_msg
        return output

"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/knowledge_curation.py
(lines 25-125, 128-152, 154-244), trimmed; not the original text.

The simulated conversation: each turn, the writer's DSPy prompt carries the whole conversation
so far, with the expert's answers older than the last four turns replaced by a placeholder; the
expert answers from search results retrieved for a set of queries.
"""

import logging
from typing import List

import dspy


def remove_citations(text: str) -> str:
    return text


def limit_word_count_preserve_newline(text: str, max_words: int) -> str:
    return text


class ConvSimulator(dspy.Module):
    def __init__(self, topic_expert_engine, question_asker_engine, retriever, max_search_queries_per_turn: int,
                 search_top_k: int, max_turn: int):
        super().__init__()
        self.wiki_writer = WikiWriter(engine=question_asker_engine)
        self.topic_expert = TopicExpert(engine=topic_expert_engine, max_search_queries=max_search_queries_per_turn,
                                        search_top_k=search_top_k, retriever=retriever)
        self.max_turn = max_turn

    def forward(self, topic: str, persona: str, ground_truth_url: str):
        dlg_history: List = []
        for _ in range(self.max_turn):
            # clean here: the writer's prompt is built in WikiWriter.forward
            user_utterance = self.wiki_writer(topic=topic, persona=persona, dialogue_turns=dlg_history).question
            if not user_utterance or user_utterance.startswith("Thank you so much for your help!"):
                break
            expert_output = self.topic_expert(topic=topic, question=user_utterance, ground_truth_url=ground_truth_url)
            dlg_history.append(
                dict(agent_utterance=expert_output.answer, user_utterance=user_utterance, search_results=expert_output.searched_results)
            )
        return dspy.Prediction(dlg_history=dlg_history)


class AskQuestionWithPersona(dspy.Signature):
    """You are a Wikipedia writer with a particular focus, chatting with an expert about the topic you are writing on.
    Ask one good question at a time and do not repeat yourself; say "Thank you so much for your help!" when done."""

    topic = dspy.InputField(prefix="Topic you want to write: ", format=str)
    persona = dspy.InputField(prefix="Your persona besides being a Wikipedia writer: ", format=str)
    conv = dspy.InputField(prefix="Conversation history:\n", format=str)
    question = dspy.OutputField(format=str)


class WikiWriter(dspy.Module):
    def __init__(self, engine):
        super().__init__()
        self.ask_question_with_persona = dspy.ChainOfThought(AskQuestionWithPersona)
        self.engine = engine

    def forward(self, topic: str, persona: str, dialogue_turns: List, draft_page=None):
        conv = []
        for turn in dialogue_turns[:-4]:  # expect: PL301
            conv.append(f"You: {turn['user_utterance']}\nExpert: Omit the answer here due to space limit.")
        for turn in dialogue_turns[-4:]:
            conv.append(f"You: {turn['user_utterance']}\nExpert: {remove_citations(turn['agent_utterance'])}")
        conv = "\n".join(conv).strip() or "N/A"
        conv = limit_word_count_preserve_newline(conv, 2500)
        with dspy.settings.context(lm=self.engine):
            question = self.ask_question_with_persona(topic=topic, persona=persona, conv=conv).question
        return dspy.Prediction(question=question)


class QuestionToQuery(dspy.Signature):
    """You want to answer the question using Google search. Write one query per line."""

    topic = dspy.InputField(prefix="Topic you are discussing about: ", format=str)
    question = dspy.InputField(prefix="Question you want to answer: ", format=str)
    queries = dspy.OutputField(format=str)


class AnswerQuestion(dspy.Signature):
    """You are an expert who uses the gathered information to answer a Wikipedia writer; cite it as [1], [2]."""

    topic = dspy.InputField(prefix="Topic you are discussing about:", format=str)
    conv = dspy.InputField(prefix="Question:\n", format=str)
    info = dspy.InputField(prefix="Gathered information:\n", format=str)
    answer = dspy.OutputField(prefix="Now give your response.\n", format=str)


class TopicExpert(dspy.Module):
    def __init__(self, engine, max_search_queries: int, search_top_k: int, retriever):
        super().__init__()
        self.generate_queries = dspy.Predict(QuestionToQuery)
        self.answer_question = dspy.Predict(AnswerQuestion)
        self.retriever = retriever
        self.engine = engine
        self.max_search_queries = max_search_queries

    def forward(self, topic: str, question: str, ground_truth_url: str):
        with dspy.settings.context(lm=self.engine, show_guidelines=False):
            queries = self.generate_queries(topic=topic, question=question).queries
            queries = [q.replace("-", "").strip().strip('"') for q in queries.split("\n")][: self.max_search_queries]
            # clean (doubtful): the set's order only orders the gathered information, the last input of the prompt
            searched_results = self.retriever.retrieve(list(set(queries)), exclude_urls=[ground_truth_url])
            if searched_results:
                info = ""
                for n, r in enumerate(searched_results):
                    info += "\n".join(f"[{n + 1}]: {s}" for s in r.snippets[:1]) + "\n\n"
                info = limit_word_count_preserve_newline(info, 1000)
                try:
                    answer = self.answer_question(topic=topic, conv=question, info=info).answer
                except Exception as e:
                    logging.error(f"Error occurs when generating answer: {e}")
                    answer = "Sorry, I cannot answer this question. Please ask another question."
            else:
                answer = "Sorry, I cannot find information for this question. Please ask another question."
        return dspy.Prediction(queries=queries, searched_results=searched_results, answer=answer)

"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/collaborative_storm/modules/grounded_question_answering.py
(lines 36-90), trimmed; not the original text.
"""

import dspy


class QuestionToQuery(dspy.Signature):
    """Write search queries that would answer the question, one per line."""

    topic = dspy.InputField(prefix="Topic context:", format=str)
    question = dspy.InputField(prefix="I want to collect information about: ", format=str)
    queries = dspy.OutputField(prefix="Queries: \n", format=str)


class AnswerQuestionModule(dspy.Module):
    def __init__(self, retriever, max_search_queries: int, question_answering_lm):
        super().__init__()
        self.question_answering_lm = question_answering_lm
        self.question_to_query = dspy.Predict(QuestionToQuery)
        self.retriever = retriever
        self.max_search_queries = max_search_queries

    def retrieve_information(self, topic, question):
        with dspy.settings.context(lm=self.question_answering_lm):
            queries = self.question_to_query(topic=topic, question=question).queries
        queries = [q.replace("-", "").strip().strip('"') for q in queries.split("\n")][: self.max_search_queries]
        # clean (doubtful): the set's order only orders the gathered information, after the question
        searched_results = self.retriever.retrieve(list(set(queries)), exclude_urls=[])
        for storm_info in searched_results:
            storm_info.meta["question"] = question
        return queries, searched_results

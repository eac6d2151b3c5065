"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/components/coder/CoSTEER/knowledge_management.py (lines 530-590, 593-700), trimmed; not the original text.

For each evolving step the coder is given the last few failed attempts of the task and
sampled successful knowledge of similar tasks.
"""

import random


class CoSTEERRAGStrategyV2:
    def __init__(self, knowledgebase) -> None:
        self.knowledgebase = knowledgebase

    def former_trace_query(self, evo, queried_knowledge_v2, v2_query_former_trace_limit: int = 5):
        for target_task in evo.sub_tasks:
            target_task_information = target_task.get_task_information()
            if target_task_information in self.knowledgebase.working_trace_knowledge:
                former_trace_knowledge = [
                    k for k in self.knowledgebase.working_trace_knowledge[target_task_information] if not k.feedback
                ]
                queried_knowledge_v2.task_to_former_failed_traces[target_task_information] = (
                    former_trace_knowledge[-v2_query_former_trace_limit:],  # expect: PL104
                    None,
                )
            else:
                queried_knowledge_v2.task_to_former_failed_traces[target_task_information] = ([], None)
        return queried_knowledge_v2

    def component_query(self, evo, queried_knowledge_v2, knowledge_sampler: float = 1.0):
        for target_task in evo.sub_tasks:
            target_task_information = target_task.get_task_information()
            if knowledge_sampler > 0:
                # The default sampler 1.0 keeps every item.
                queried_knowledge_v2.task_to_similar_task_successful_knowledge[target_task_information] = [
                    knowledge
                    for knowledge in queried_knowledge_v2.task_to_similar_task_successful_knowledge[target_task_information]
                    if random.uniform(0, 1) <= knowledge_sampler
                ]
        return queried_knowledge_v2

"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/testset/synthesizers/single_hop/base.py (lines 71-130), trimmed; not the original text."""
import random


class SingleHopQuerySynthesizer:
    def __init__(self, llm, generate_query_reference_prompt):
        self.llm = llm
        self.generate_query_reference_prompt = generate_query_reference_prompt

    def sample_combinations(self, data, num_samples):
        selected_samples = []
        all_combinations = []
        for entry in data:
            for term in entry["terms"]:
                for persona in entry["personas"]:
                    all_combinations.append({"term": term, "node": entry["node"], "persona": persona})
        random.shuffle(all_combinations)
        for sample in all_combinations:
            if len(selected_samples) >= num_samples:
                break
            selected_samples.append(sample)
        return selected_samples

    async def _generate_sample(self, scenario, callbacks=None):
        prompt_input = {"term": scenario["term"], "persona": scenario["persona"], "context": scenario["node"]}
        return await self.generate_query_reference_prompt.generate(data=prompt_input, llm=self.llm, callbacks=callbacks)

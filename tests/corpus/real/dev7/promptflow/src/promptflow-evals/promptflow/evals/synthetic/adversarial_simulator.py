"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/synthetic/adversarial_simulator.py (lines 105-262, 291-375), trimmed; not the original text.

Which template parameters are simulated, and in which order, is shuffled; each simulation is its
own conversation, and the results are gathered as the tasks complete.
"""

import asyncio
import random

from promptflow.evals.synthetic._conversation import ConversationBot, ConversationRole
from promptflow.evals.synthetic._conversation._conversation import simulate_conversation


class AdversarialSimulator:
    async def __call__(self, *, templates, target, max_conversation_turns: int = 1, max_simulation_results: int = 3,
                       randomize_order: bool = True, randomization_seed=None, jailbreak_dataset=None):
        tasks = []
        sim_results = []
        for template in templates:
            parameter_order = list(range(len(template.template_parameters)))
            if randomize_order:
                if randomization_seed is not None:
                    random.seed(randomization_seed)
                random.shuffle(parameter_order)
            for index in parameter_order:
                parameter = template.template_parameters[index].copy()
                if jailbreak_dataset:
                    parameter["conversation_starter"] = f"{random.choice(jailbreak_dataset)} {parameter.get('conversation_starter', '')}"
                tasks.append(asyncio.create_task(self._simulate_async(target=target, template=template, parameters=parameter, max_conversation_turns=max_conversation_turns)))
                if len(tasks) >= max_simulation_results:
                    break
        for task in asyncio.as_completed(tasks):
            sim_results.append(await task)
        return sim_results

    async def _simulate_async(self, *, target, template, parameters, max_conversation_turns):
        user_bot = ConversationBot(role=ConversationRole.USER, model=None, conversation_template=str(template), instantiation_parameters=parameters)
        _, conversation_history = await simulate_conversation(bots=[user_bot, target], session=None, turn_limit=max_conversation_turns)
        return conversation_history

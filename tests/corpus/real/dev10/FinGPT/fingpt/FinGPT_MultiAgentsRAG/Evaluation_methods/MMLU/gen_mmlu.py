"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:fingpt/FinGPT_MultiAgentsRAG/Evaluation_methods/MMLU/gen_mmlu.py (lines 10-42, 78-92), trimmed; not the original text."""

import openai


def construct_message(agents, question, idx):
    if len(agents) == 0:
        return {"role": "user", "content": "Can you double check that your answer is correct."}
    prefix_string = "These are the solutions to the problem from other agents: "
    for agent in agents:
        prefix_string = prefix_string + "\n\n One agent solution: ```{}```".format(agent[idx]["content"])
    prefix_string = prefix_string + "\n\n Using the reasoning from other agents as additional advice, can you give an updated answer?"
    return {"role": "user", "content": prefix_string}


def generate_answer(answer_context):
    return openai.ChatCompletion.create(model="gpt-3.5-turbo-0301", messages=answer_context, n=1)


def debate(question, agents=3, rounds=2):
    agent_contexts = [[{"role": "user", "content": question}] for agent in range(agents)]
    for round in range(rounds):
        for i, agent_context in enumerate(agent_contexts):
            if round != 0:
                agent_contexts_other = agent_contexts[:i] + agent_contexts[i + 1:]
                message = construct_message(agent_contexts_other, question, 2 * round - 1)
                agent_context.append(message)
            completion = generate_answer(agent_context)
            agent_context.append({"role": "assistant", "content": completion["choices"][0]["message"]["content"]})
    return agent_contexts

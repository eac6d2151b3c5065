"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/multi_agent_exec.py (lines 95-192), trimmed; not the original text."""

import concurrent.futures
from concurrent.futures import ThreadPoolExecutor


def run_agents_concurrently(agents: list, task: str, img=None, max_workers=None, return_agent_output_dict=False):
    futures = []
    with ThreadPoolExecutor(max_workers=max_workers) as executor:
        for agent in agents:
            futures.append(executor.submit(agent.run, task=task))
        if return_agent_output_dict:
            return {agent.agent_name: future.result() for agent, future in zip(agents, futures)}
        results = []
        for future in concurrent.futures.as_completed(futures):
            results.append(future.result())
        return results

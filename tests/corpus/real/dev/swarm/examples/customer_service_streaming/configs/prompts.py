"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/customer_service_streaming/configs/prompts.py
(lines 1-191), trimmed; not the original text.
"""

TRIAGE_SYSTEM_PROMPT = "You triage requests and pick the best assistant for each."

TRIAGE_MESSAGE_PROMPT = "Given the following message: {}, select which assistant of the following is best suited to handle it: {}. Respond with JUST the name of the assistant, nothing else"

LOCAL_PLANNER_PROMPT = """
You plan how to complete a task with the tools you are given.
Return a list of steps, each {{"tool": "<tool name>", "args": {{...}}}}, in the order to run them.
Use only the tools listed. When no tool fits, return the answer to the user as a string.
(about 160 lines of fixed rules and worked examples follow in the original)

Tools:
{tools}

Task:
{task}
"""

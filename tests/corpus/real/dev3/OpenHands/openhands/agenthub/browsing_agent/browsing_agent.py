"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/agenthub/browsing_agent/browsing_agent.py (lines 43-91, 159-222), trimmed; not the original text."""

from openhands.controller.agent import Agent
from openhands.core.message import Message, TextContent


def get_system_message(goal: str, action_space: str) -> str:
    return f"""# Instructions
Review the current state of the page and choose the next action.

# Goal:
{goal}

# Action Space
{action_space}
"""


def get_prompt(error_prefix: str, cur_url: str, cur_axtree_txt: str, prev_action_str: str) -> str:
    return f"""{error_prefix}

# Current Page URL:
{cur_url}

# Current Accessibility Tree:
{cur_axtree_txt}

# Previous Actions
{prev_action_str}

Here is an example of a valid action: ```click("12")```
"""


class BrowsingAgent(Agent):
    def step(self, state):
        prev_actions = [e.browser_actions for e in state.view if hasattr(e, "browser_actions")]
        last_obs = state.view[-1]
        goal, _ = state.get_current_user_intent()  # expect: PL104
        system_msg = get_system_message(
            goal, self.action_space.describe(with_long_description=False, with_examples=True)
        )
        messages = [Message(role="system", content=[TextContent(text=system_msg)])]
        prompt = get_prompt("", last_obs.url, last_obs.axtree_txt, "\n".join(prev_actions))
        messages.append(Message(role="user", content=[TextContent(text=prompt)]))
        response = self.llm.completion(messages=messages, stop=[")```", ")\n```"])
        return self.response_parser.parse(response)

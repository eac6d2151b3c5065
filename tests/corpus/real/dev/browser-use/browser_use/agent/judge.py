"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/agent/judge.py
(lines 44-225), trimmed; not the original text.

One judge request per agent run, with a long static system prompt.
"""

from datetime import datetime, timezone

from browser_use.llm.messages import ContentPartTextParam, SystemMessage, UserMessage


def construct_judge_messages(task: str, final_result: str, steps_text: str, ground_truth: str | None = None):
    # the minute-precision clock is formatted into the middle of the long system prompt below
    current_date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")  # expect: PL101

    # clean: one of two constant texts, not the ground truth itself
    ground_truth_section = ""
    if ground_truth:
        ground_truth_section = """
GROUND TRUTH (highest priority): the <ground_truth> section holds verified criteria or answers.
If the agent's result does not satisfy it, the verdict is false.
"""

    system_prompt = f"""You judge how well a browser automation agent did its task.

<evaluation_framework>
{ground_truth_section}
Criteria, most important first:
1. Task satisfaction: did the agent do what the user asked, every part of it?
2. Output quality: is the final result complete and in the requested format?
3. Tool effectiveness: did the browser actions work, were tools used well?
4. Reasoning: the quality of the agent's planning and recovery.
5. Browser handling: navigation, errors, captchas.

Verdict: true only when the task was completed as asked without invented information.

Notes:
- check that each key action really happened
- the screenshot shows part of the page; the agent saw the whole DOM
- the current date and time is {current_date}; recent dates in content are real
- be strict about the user's request and doubtful of self-reported success
</evaluation_framework>

<response_format>
Reply with exactly this JSON: {{"reasoning": "...", "verdict": true, "failure_reason": "",
"impossible_task": false, "reached_captcha": false}}
</response_format>
"""

    user_prompt = f"""<task>
{task}
</task>
<agent_trajectory>
{steps_text}
</agent_trajectory>
<final_result>
{final_result}
</final_result>
Evaluate this execution and answer with the JSON structure above."""

    return [SystemMessage(content=system_prompt), UserMessage(content=[ContentPartTextParam(text=user_prompt)])]

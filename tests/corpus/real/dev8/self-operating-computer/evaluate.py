"""Reconstruction of OthersideAI/self-operating-computer@fac568eea7da5e24f8bc91bfc1211b65679177eb:evaluate.py (lines 18-116), trimmed; not the original text."""

import base64
import json

import openai

EVALUATION_PROMPT = """
Look at the screenshot and decide whether the guideline below is met.
Answer only: {{ "guideline_met": (true|false), "reason": "..." }}

Guideline: {guideline}
"""


def format_evaluation_prompt(guideline):
    prompt = EVALUATION_PROMPT.format(guideline=guideline)
    return prompt


def evaluate_final_screenshot(guideline):
    with open("screenshots/screenshot.png", "rb") as img_file:
        img_base64 = base64.b64encode(img_file.read()).decode("utf-8")
    eval_message = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": format_evaluation_prompt(guideline)},
                {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{img_base64}"}},
            ],
        }
    ]
    response = openai.chat.completions.create(
        model="gpt-4o",
        messages=eval_message,
        temperature=0.7,
    )
    return json.loads(response.choices[0].message.content)["guideline_met"]

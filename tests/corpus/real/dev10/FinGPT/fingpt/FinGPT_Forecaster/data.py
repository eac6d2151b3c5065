"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:fingpt/FinGPT_Forecaster/data.py (lines 175-255), trimmed; not the original text."""

from openai import OpenAI

from prompt import get_all_prompts

client = OpenAI()

SYSTEM_PROMPTS = {
    "company": "You are a seasoned stock market analyst. Your task is to list the positive developments and potential concerns for companies based on relevant news and basic financials from the past weeks, then provide an analysis and prediction for the companies' stock price movement for the upcoming week. "
    "Your answer format should be as follows:\n\n[Positive Developments]:\n1. ...\n\n[Potential Concerns]:\n1. ...\n\n[Prediction & Analysis]:\n...\n",
}


def query_gpt4(symbol_list, rows_by_symbol, min_past_weeks=1, max_past_weeks=3):
    results = []
    for symbol in symbol_list:
        prompts = get_all_prompts(symbol, rows_by_symbol[symbol], min_past_weeks, max_past_weeks)
        system_prompt = SYSTEM_PROMPTS["company"]
        for i, prompt in enumerate(prompts):
            completion = client.chat.completions.create(
                model="gpt-4",
                messages=[
                    {"role": "system", "content": system_prompt},
                    {"role": "user", "content": prompt}
                ]
            )
            results.append((prompt, completion.choices[0].message.content))
    return results

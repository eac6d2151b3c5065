"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:fingpt/FinGPT_Forecaster/prompt.py (lines 15-24, 81-83, 110-189), trimmed; not the original text."""

import random

import finnhub

finnhub_client = finnhub.Client(api_key="")


def get_company_prompt(symbol):
    profile = finnhub_client.company_profile2(symbol=symbol)
    company_template = "[Company Introduction]:\n\n{name} is a leading entity in the {finnhubIndustry} sector. " \
        "{name} operates primarily in the {country}, trading under the ticker {ticker} on the {exchange}."
    formatted_str = company_template.format(**profile)
    return formatted_str


def sample_news(news, k=5):
    return [news[i] for i in sorted(random.sample(range(len(news)), k))]


def get_all_prompts(symbol, rows, min_past_weeks=1, max_past_weeks=3):
    info_prompt = get_company_prompt(symbol)
    prev_rows = []
    all_prompts = []
    for row in rows:
        prompt = ""
        if len(prev_rows) >= min_past_weeks:
            idx = min(random.choice(range(min_past_weeks, max_past_weeks + 1)), len(prev_rows))
            for i in range(-idx, 0):
                prompt += "\n" + prev_rows[i][0]
                sampled_news = sample_news(prev_rows[i][1], min(5, len(prev_rows[i][1])))
                if sampled_news:
                    prompt += "\n".join(sampled_news)
                else:
                    prompt += "No relative news reported."
        head, news = row["head"], row["news"]
        prev_rows.append((head, news))
        if len(prev_rows) > max_past_weeks:
            prev_rows.pop(0)
        if not prompt:
            continue
        prompt = info_prompt + '\n' + prompt
        prompt += "\n\nBased on all the information before {start_date}, let's first analyze the positive developments and potential concerns for {symbol}.".format(
            start_date=row["start_date"], symbol=symbol)
        all_prompts.append(prompt.strip())
    return all_prompts

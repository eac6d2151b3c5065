"""Reconstruction of SakanaAI/AI-Scientist@9dffdc445c2596ffa871b5588377e9f12558febc:ai_scientist/perform_review.py
(lines 126-240, 361-383), trimmed; not the original text.

The reviewer: a static review form and few-shot examples, then the paper; an ensemble's reviews
are folded into one assistant message before the reflections.
"""

import json

import numpy as np

from ai_scientist.llm import extract_json_between_markers, get_batch_responses_from_llm, get_response_from_llm

reviewer_system_prompt_neg = "You are an AI researcher reviewing a paper. Be critical and cautious in your decision."
neurips_form = "## Review Form\nBelow is a description of the questions you will be asked on the review form for each paper.\n"
reviewer_reflection_prompt = "Carefully consider the accuracy and soundness of the review you just created."
meta_reviewer_system_prompt = "You are an Area Chair meta-reviewing a paper that was reviewed by {reviewer_count} reviewers."


def get_review_fewshot_examples(num_fs_examples=1) -> str:
    raise NotImplementedError("reads the shipped example papers and reviews, trimmed")


def perform_review(text, model, client, num_reflections=1, num_fs_examples=1, num_reviews_ensemble=1, temperature=0.75,
                   msg_history=None, reviewer_system_prompt=reviewer_system_prompt_neg, review_instruction_form=neurips_form):
    base_prompt = review_instruction_form
    if num_fs_examples > 0:
        base_prompt += get_review_fewshot_examples(num_fs_examples)
    # clean: the static form and the shipped examples first, the paper last
    base_prompt += f"""
Here is the paper you are asked to review:
```
{text}
```"""
    if num_reviews_ensemble > 1:
        llm_review, msg_histories = get_batch_responses_from_llm(
            base_prompt, model=model, client=client, system_message=reviewer_system_prompt,
            msg_history=msg_history, temperature=0.75, n_responses=num_reviews_ensemble,
        )
        parsed = [r for r in (extract_json_between_markers(x) for x in llm_review) if r is not None]
        review = get_meta_review(model, client, temperature, parsed) or parsed[0]
        for score in ["Originality", "Quality", "Clarity", "Overall"]:
            review[score] = int(round(np.mean([r[score] for r in parsed if score in r])))
        # clean: the sampled reply is replaced once by the aggregate; system and paper stay as sent
        msg_history = msg_histories[0][:-1]
        msg_history += [{"role": "assistant", "content": f"THOUGHT:\nI aggregate the reviews.\n\nREVIEW JSON:\n```json\n{json.dumps(review)}\n```\n"}]
    else:
        llm_review, msg_history = get_response_from_llm(
            base_prompt, model=model, client=client, system_message=reviewer_system_prompt, msg_history=msg_history, temperature=temperature
        )
        review = extract_json_between_markers(llm_review)
    for _ in range(num_reflections - 1):
        text, msg_history = get_response_from_llm(
            reviewer_reflection_prompt, client=client, model=model, system_message=reviewer_system_prompt,
            msg_history=msg_history, temperature=temperature,
        )
        review = extract_json_between_markers(text)
        if "I am done" in text:
            break
    return review


def get_meta_review(model, client, temperature, reviews):
    review_text = ""
    for i, r in enumerate(reviews):
        review_text += f"\nReview {i + 1}/{len(reviews)}:\n```\n{json.dumps(r)}\n```\n"
    # clean: the static form first, then the reviews (parsed model JSON in its own key order)
    llm_review, _ = get_response_from_llm(
        neurips_form + review_text, model=model, client=client,
        system_message=meta_reviewer_system_prompt.format(reviewer_count=len(reviews)), msg_history=None, temperature=temperature,
    )
    return extract_json_between_markers(llm_review)

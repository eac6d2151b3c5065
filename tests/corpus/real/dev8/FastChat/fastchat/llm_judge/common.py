"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/llm_judge/common.py (lines 135-175, 407-428), trimmed; not the original text.

The MT-bench judge: a fixed judge system prompt from judge_prompts.jsonl, then one user
message with the question and the answer to grade.
"""

import openai

from fastchat.model.model_adapter import get_conversation_template

API_ERROR_OUTPUT = "$ERROR$"
API_MAX_RETRY = 16


def run_judge_single(question, answer, judge, ref_answer, multi_turn=False):
    kwargs = {}
    model = judge.model_name
    if ref_answer is not None:
        kwargs["ref_answer_1"] = ref_answer["choices"][0]["turns"][0]
    user_prompt = judge.prompt_template["prompt_template"].format(
        question=question["turns"][0],
        answer=answer["choices"][0]["turns"][0],
        **kwargs,
    )
    system_prompt = judge.prompt_template["system_prompt"]
    conv = get_conversation_template(model)
    conv.set_system_message(system_prompt)
    conv.append_message(conv.roles[0], user_prompt)
    conv.append_message(conv.roles[1], None)
    return chat_completion_openai(model, conv, temperature=0, max_tokens=2048), user_prompt


def chat_completion_openai(model, conv, temperature, max_tokens, api_dict=None):
    output = API_ERROR_OUTPUT
    for _ in range(API_MAX_RETRY):
        try:
            messages = conv.to_openai_api_messages()
            response = openai.ChatCompletion.create(model=model, messages=messages, n=1, temperature=temperature, max_tokens=max_tokens)
            output = response["choices"][0]["message"]["content"]
            break
        except openai.error.OpenAIError as e:
            print(type(e), e)
    return output

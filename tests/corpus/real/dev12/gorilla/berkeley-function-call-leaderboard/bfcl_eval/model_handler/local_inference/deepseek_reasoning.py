"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:berkeley-function-call-leaderboard/bfcl_eval/model_handler/local_inference/deepseek_reasoning.py (lines 52-180), trimmed; not the original text."""

from typing import Any

from bfcl_eval.model_handler.local_inference.base_oss_handler import OSSHandler


class DeepseekReasoningHandler(OSSHandler):
    def _format_prompt(self, messages, function):
        formatted_prompt = "<｜begin▁of▁sentence｜>"
        system_prompt = ""
        for message in messages:
            if message["role"] == "system":
                system_prompt += message["content"]
        formatted_prompt += system_prompt
        is_tool = False
        for message in messages:
            if message["role"] == "user":
                is_tool = False
                formatted_prompt += f"<｜User｜>{message['content']}"
            elif message["role"] == "assistant":
                content = message["content"]
                if "</think>" in content:
                    content = content.split("</think>")[-1]
                formatted_prompt += f"<｜Assistant｜>{content}<｜end▁of▁sentence｜>"
            elif message["role"] == "tool":
                is_tool = True
                formatted_prompt += f"<｜tool▁output▁begin｜>{message['content']}<｜tool▁output▁end｜>"
        if not is_tool:
            formatted_prompt += "<｜Assistant｜><think>\n"
        return formatted_prompt

    def _parse_query_response_prompting(self, api_response: Any) -> dict:
        model_response = api_response.choices[0].text
        reasoning_content = ""
        if "</think>" in model_response:
            model_response = model_response.split("</think>")[-1]
            reasoning_content = model_response.split("</think>")[0]
        return {
            "model_responses": model_response,
            "reasoning_content": reasoning_content,
            "model_responses_message_for_chat_history": api_response.choices[0].text,
        }

    def _add_assistant_message_prompting(self, inference_data: dict, model_response_data: dict) -> dict:
        inference_data["message"].append({"role": "assistant", "content": model_response_data["model_responses_message_for_chat_history"]})
        return inference_data

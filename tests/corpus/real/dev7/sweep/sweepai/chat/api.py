"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/chat/api.py (lines 358-383, 450-575, 653-708, 754-765), trimmed; not the original text.

The chat endpoint gets the whole conversation (and the snippets the front end holds) on every
turn and rebuilds the request from them.
"""

from sweepai.chat.search_prompts import (
    anthropic_format_message,
    anthropic_system_message,
    function_response,
    query_optimizer_system_prompt,
    query_optimizer_user_prompt,
    relevant_snippet_template,
    relevant_snippets_message,
)
from sweepai.core.chat import ChatGPT, call_llm
from sweepai.core.entities import Message


def search_codebase(repo_name: str, query: str, access_token: str, use_optimized_query: bool = True):
    if use_optimized_query:
        query = call_llm(
            system_prompt=query_optimizer_system_prompt,
            user_prompt=query_optimizer_user_prompt,
            params={"query": query},
            use_openai=True,
        ).strip()
    return prep_snippets(repo_name, query)


def chat_codebase_stream(repo_name: str, messages: list[Message], snippets: list, model: str, k: int = 8):
    EXPAND_SIZE = 100
    repo_specific_description = get_repo_specific_description(repo_name)
    snippets_message = relevant_snippets_message.format(  # expect: PL104
        repo_name=repo_name,
        joined_relevant_snippets="\n".join(
            [
                relevant_snippet_template.format(
                    i=i,
                    file_path=snippet.file_denotation,
                    content=snippet.expand(EXPAND_SIZE).get_snippet(add_lines=False),
                )
                for i, snippet in enumerate(snippets)
            ]
        ),
        repo_specific_description=repo_specific_description,
    )
    chat_gpt: ChatGPT = ChatGPT.from_system_message_string(prompt_string=anthropic_system_message)

    for message in messages:
        if message.role == "user":
            message.content = message.content.strip()
        if message.role == "function":
            # the analysis, critique and tool outputs the front end kept come back as user turns
            message.role = "user"
        if message.function_call:
            message.function_call = None

    chat_gpt.messages = [
        Message(content=chat_gpt.messages[0].content, role="system"),
        Message(content=snippets_message, role="user"),
        *messages[:-1],  # expect: PL301
    ]

    if len(messages) <= 2:
        chat_gpt.messages.append(Message(content=anthropic_format_message, role="user"))  # expect: PL301

    user_message = messages[-1].content
    new_messages = []
    for _ in range(5):
        result_string = chat_gpt.chat_anthropic(
            content=user_message,
            model=model,
            stop_sequences=["</function_call>", "</function_calls>"],
        )
        new_messages.extend(split_into_ui_messages(result_string))
        result_string += "</function_call>"
        function_call = validate_and_parse_function_call(result_string, chat_gpt)
        if not function_call:
            break
        function_output, new_snippets = handle_function_call(function_call, repo_name, snippets, k)
        new_messages.append(Message(content=function_output, role="function"))
        user_message = f"<function_output>\n{function_output}\n</function_output>\n\n{function_response}"
    return new_messages


def get_repo_specific_description(repo_name: str) -> str:
    return ""


def prep_snippets(repo_name, query):
    return []


def split_into_ui_messages(result_string: str) -> list[Message]:
    return [Message(content=result_string, role="assistant")]


def validate_and_parse_function_call(result_string: str, chat_gpt: ChatGPT):
    return None


def handle_function_call(function_call, repo_name, snippets, k):
    return "", []

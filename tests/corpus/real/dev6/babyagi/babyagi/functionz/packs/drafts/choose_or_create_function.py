"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/drafts/choose_or_create_function.py (lines 19-100), trimmed; not the original text."""

from functionz.core.framework import func


@func.register_function(
    metadata={"description": "Pick an existing function for the request or generate one."},
    dependencies=["display_functions_wrapper", "get_function_wrapper", "execute_function_wrapper"],
)
def choose_or_create_function(user_input: str) -> dict:
    from litellm import completion
    from pydantic import BaseModel

    existing_functions = display_functions_wrapper()
    system_prompt = """
Decide whether one of the available functions can serve the user's request or a new one is needed.
Answer in JSON: use_existing_function, function_name, function_description. JSON only.
"""

    class FunctionDecision(BaseModel):
        use_existing_function: bool
        function_name: str | None = None
        function_description: str | None = None

    decision_prompt = (
        "\nThe user's input:\n"
        f"\"{user_input}\"\n"  # expect: PL104
        "\nAvailable Functions:\n"
        f"{existing_functions}\n"
    )
    decision_response = completion(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": decision_prompt}],
        response_format=FunctionDecision,
    )
    return {"decision": FunctionDecision.parse_raw(decision_response.choices[0].message.content)}

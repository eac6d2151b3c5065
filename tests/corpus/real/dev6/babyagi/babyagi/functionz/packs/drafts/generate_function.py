"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/drafts/generate_function.py (lines 44-130, 190-250, 300-470, 560-630), trimmed; not the original text.

Each registered function is a step of the function generator; the prompts are paraphrased.
"""

import json

from functionz.core.framework import func

SYSTEM_GUIDELINES = """
You help developers write Python functions for the functionz framework.
(long fixed rules: registration with @babyagi.register_function, metadata and dependencies,
imports as name/lib dictionaries, secrets through globals()['key_name'], error handling, style)
"""


@func.register_function(metadata={"description": "Find reusable and reference functions."}, dependencies=["litellm"])
def analyze_internal_functions(description: str, existing_functions: str, intermediate_steps: list) -> dict:
    from litellm import completion
    from pydantic import BaseModel

    class FunctionSuggestion(BaseModel):
        reusable_functions: list[str] = []
        reference_functions: list[str] = []

    system_prompt = SYSTEM_GUIDELINES
    display_prompt = (
        "You help a developer build a function with the functionz framework.\n\n"
        f"The function the user describes: {description}\n\n"  # expect: PL104
        "Say which of the functions below can be reused directly and which should be referenced. "
        "Answer as JSON.\n\n"
        "Available Functions:\n"
        f"{existing_functions}\n"
    )
    display_response = completion(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": display_prompt}],
        response_format=FunctionSuggestion,
    )
    parsed = FunctionSuggestion.parse_raw(display_response.choices[0].message.content)
    return {"reusable_functions": parsed.reusable_functions, "reference_functions": parsed.reference_functions}


@func.register_function(metadata={"description": "Which external APIs a function needs."}, dependencies=["litellm"])
def determine_required_external_apis(description: str, intermediate_steps: list) -> dict:
    from litellm import completion

    system_prompt = """
    [Your existing system prompt here]
    """
    prompt_for_apis = f"""You analyse what a function requires.

    The function the user describes: {description}.

    Does it need external APIs (SDKs or libraries)? If so, list them as JSON with purposes and endpoints."""
    api_response = completion(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": prompt_for_apis}],
    )
    return {"api_details": api_response.choices[0].message.content}


@func.register_function(metadata={"description": "Search, scrape and extract API documentation."}, dependencies=["serpapi_search_v2", "scrape_website"])
def handle_api_documentation(api_name: str, description: str, intermediate_steps: list) -> dict:
    from litellm import completion

    system_prompt = """
    [Your existing system prompt here]
    """

    def chunk_text(text: str, chunk_size: int = 100000, overlap: int = 10000) -> list[str]:
        chunks, start = [], 0
        while start < len(text):
            end = start + chunk_size
            chunks.append(text[start:end])
            start = end - overlap
        return chunks

    search_query = f"{api_name} API documentation python"
    search_results = serpapi_search_v2(query=search_query)
    link_selection_prompt = f"""Search results for "{search_query}":
    {json.dumps(search_results)}

    Which links hold the Python API documentation? Answer as a JSON list of URLs."""
    link_selection_response = completion(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": link_selection_prompt}],
    )
    selected_urls = json.loads(link_selection_response.choices[0].message.content)["selected_urls"]
    scraped_urls = set()
    accumulated_info = ""
    while selected_urls:
        current_url = selected_urls.pop(0)
        if current_url in scraped_urls:
            continue
        scrape_result = scrape_website(current_url)
        scraped_urls.add(current_url)
        extraction_prompt = f"""The function the user wants: {description}.
The API information gathered so far:
{accumulated_info}

Newly scraped documentation:
{json.dumps(scrape_result)}

Extract what else the function needs and say whether more information is required."""
        for chunk in chunk_text(extraction_prompt):
            extraction_response = completion(
                model="gpt-4o-mini",
                messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": chunk}],
            )
            accumulated_info += extraction_response.choices[0].message.content
    return {"api_contexts": accumulated_info}


@func.register_function(metadata={"description": "Write the final function code."}, dependencies=["litellm"])
def generate_final_function_code(description: str, reusable_function_code: dict, reference_function_code: dict, api_contexts: list, intermediate_steps: list) -> dict:
    from litellm import completion

    system_prompt = SYSTEM_GUIDELINES

    def chunk_text(text: str, chunk_size: int = 100000, overlap: int = 10000) -> list[str]:
        return [text[i : i + chunk_size] for i in range(0, len(text), chunk_size - overlap)]

    final_prompt = f"""{system_prompt}

    The function the user wants: {description}.

    Internal functions to reuse:
    {json.dumps(reusable_function_code)}

    Internal functions to reference:
    {json.dumps(reference_function_code)}

    External API context:
    {json.dumps(api_contexts)}

    Write the whole function (name, code, metadata, imports, dependencies, key dependencies, triggers).
    """
    final_results = []
    for chunk in chunk_text(final_prompt):
        final_response = completion(
            model="gpt-4o-mini",
            messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": chunk}],
        )
        final_results.append(final_response)
    return {"final_results": final_results}

"""Reconstruction of Integuru-AI/Integuru@6370793e75b54a7592e0dfe96a495e41653dd66b:integuru/util/print.py (lines 138-322, 339-450), trimmed; not the original text."""

from typing import Dict, List

from integuru.util.LLM import llm


def generate_code(node_id: str, graph) -> str:
    node_attrs = graph.nodes[node_id]
    content = node_attrs.get("content", {})
    curl = content.get("key", "")
    dynamic_parts = node_attrs.get("dynamic_parts", "")
    dynamic_parts_prompt = ""
    if dynamic_parts:
        dynamic_parts_prompt = f"""
    Instead of hard coding, pass the following variables into the function as parameters in a dict:
    {dynamic_parts}
    """
    prompt = f"""
    Task:
    Write a Python function with a descriptive name that makes a request like the cURL below:
    {curl}

    Assume cookies are in a variable as parameter called "cookie_string".

    {dynamic_parts_prompt}

    Return a dictionary with the parsed values. Do not include pseudo-headers.

    IMPORTANT! Do not include any backticks or markdown syntax AT ALL
    """
    llm_model = llm.switch_to_alternate_model()
    response = llm_model.invoke(prompt)
    return response.content.strip()


def aggregate_functions(txt_path, output_path):
    with open(txt_path, "r") as file:
        content = file.read()
    # once per run: the generated functions first, ~900 fixed characters of instructions after them
    prompt = f"""
    The following text contains multiple Python functions:

    {content}

    Please generate Python code that does the following:
    1. Fix up the functions if needed in the order they appear in the text.
    2. Leave everything that is hardcoded as is.
    3. Call each function in the order they appear in the text.
    4. The cookies are hard coded as key=value;key=value; convert them to a dict to read values.
    5. Pass the return value of each function to the next function, if applicable.
    6. Ensure that the last function in the text is called last.
    7. Output the entire directly runnable code.

    Only provide the Python code, without explanations or markdown formatting.
    """
    llm_model = llm.switch_to_alternate_model()
    response = llm_model.invoke(prompt)
    generated_code = response.content.strip()
    with open(output_path, "w") as file:
        file.write(generated_code)
    return output_path


def generate_obfuscation_map(dynamic_parts_list: List[str]) -> Dict[str, str]:
    obfuscation_map = {}
    for part in dynamic_parts_list:
        # str hash() is salted per process
        safe_key = f"var_{hash(part)}".replace("-", "_").replace(".", "_")
        obfuscation_map[part] = safe_key
    return obfuscation_map


def swap_string_using_obfuscation_map(input_string: str, obfuscation_map: Dict[str, str]) -> str:
    for key, value in obfuscation_map.items():
        input_string = input_string.replace(key, value)
    return input_string


def print_dag_in_reverse(graph, max_depth=None, to_generate_code: bool = False) -> None:
    generated_code = ""
    dynamic_parts_list: List[str] = []
    for node_id in graph.nodes():
        dynamic_parts_list += graph.nodes[node_id].get("dynamic_parts") or []
        generated_code += generate_code(node_id, graph) + "\n\n"
    if not to_generate_code:
        return
    obfuscation_map = generate_obfuscation_map(dynamic_parts_list)
    generated_code = swap_string_using_obfuscation_map(generated_code, obfuscation_map)
    with open("generated_code.txt", "w") as f:
        f.write(generated_code)
    aggregate_functions("generated_code.txt", "generated_code.py")

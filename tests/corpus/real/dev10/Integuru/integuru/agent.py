"""Reconstruction of Integuru-AI/Integuru@6370793e75b54a7592e0dfe96a495e41653dd66b:integuru/agent.py (lines 13-290), trimmed; not the original text."""

import json

from integuru.models.DAGManager import DAGManager
from integuru.util.har_processing import build_url_to_req_res_map, get_har_urls, parse_har_file
from integuru.util.LLM import llm


class IntegrationAgent:
    IN_PROCESS_NODE_KEY = "in_process_node"
    TO_BE_PROCESSED_NODES_KEY = "to_be_processed_nodes"
    INPUT_VARIABLES_KEY = "input_variables"

    def __init__(self, prompt: str, har_file_path: str, cookie_path: str):
        self.prompt = prompt
        self.req_to_res_map = parse_har_file(har_file_path)
        self.url_to_res_req_dict = build_url_to_req_res_map(self.req_to_res_map)
        self.har_urls = get_har_urls(har_file_path)
        self.dag_manager = DAGManager()

    def end_url_identify_agent(self, state):
        # once per run: the user's action is in the function description and after the URL list
        function_def = {
            "name": "identify_end_url",
            "description": "Identify the URL responsible for a specific action",
            "parameters": {
                "type": "object",
                "properties": {"url": {"type": "string", "description": f"The URL responsible for {self.prompt}"}},
                "required": ["url"],
            },
        }
        prompt = f"""
        {self.har_urls}
        Task:
        Given the above list of URLs, request types, and response formats, find the URL responsible for the action below:
        {self.prompt}
        """
        response = llm.get_instance().invoke(prompt, functions=[function_def], function_call={"name": "identify_end_url"})
        state["action_url"] = json.loads(response.additional_kwargs["function_call"]["arguments"])["url"]
        return state

    def input_variables_identifying_agent(self, state):
        in_process_node_id = state[self.IN_PROCESS_NODE_KEY]
        curl = self.dag_manager.graph.nodes[in_process_node_id]["content"]["key"].to_curl_command()
        input_variables = state[self.INPUT_VARIABLES_KEY]
        if not input_variables:
            return state
        function_def = {
            "name": "identify_input_variables",
            "description": "Identify input variables present in the cURL command.",
            "parameters": {"type": "object", "properties": {"identified_variables": {"type": "array"}}},
        }
        prompt = f"""
        cURL: {curl}
        Input Variables: {input_variables}

        Task:
        Identify which input variables from the Input Variables above appear in the cURL command.
        Include only variables provided above; keys describe the variables, values must match the cURL.
        """
        response = llm.get_instance().invoke(prompt, functions=[function_def], function_call={"name": "identify_input_variables"})
        return state

    def dynamic_part_identifying_agent(self, state):
        in_process_node_id = state[self.TO_BE_PROCESSED_NODES_KEY].pop()
        request = self.dag_manager.graph.nodes[in_process_node_id]["content"]["key"]
        curl = request.to_minified_curl_command()
        function_def = {
            "name": "identify_dynamic_parts",
            "description": (
                "Given the above cURL command, identify which parts are dynamic and validated by the server "
                "(IDs, tokens, session variables), excluding arbitrary user input that can be hardcoded."
            ),
            "parameters": {
                "type": "object",
                "properties": {"dynamic_parts": {"type": "array", "items": {"type": "string"}}},
                "required": ["dynamic_parts"],
            },
        }
        # one request per DAG node: the node's cURL comes first, ~900 fixed characters after it
        prompt = f"""
        URL: {curl}

        Task:

        Use your best judgment to identify which parts of the cURL command are dynamic, specific to a user or
        session, and checked by the server: tokens, IDs, session variables and other per-user values whose
        wrong value makes the request fail.

        Important:
            - IGNORE THE COOKIE HEADER
            - Ignore common headers like user-agent, sec-ch-ua, accept-encoding, referer, etc.
            - Exclude arbitrary user input or data that can be hardcoded (amounts, notes, messages, actions).
            - Only output the variable values and not the keys.
            - Only include unique identifiers, tokens, or session variables.
        """
        response = llm.get_instance().invoke(prompt, functions=[function_def], function_call={"name": "identify_dynamic_parts"})
        dynamic_parts = json.loads(response.additional_kwargs["function_call"]["arguments"])["dynamic_parts"]
        self.dag_manager.update_node(in_process_node_id, dynamic_parts=dynamic_parts)
        state["in_process_node_dynamic_parts"] = dynamic_parts
        state[self.IN_PROCESS_NODE_KEY] = in_process_node_id
        return state

    def get_simplest_request(self, request_list):
        function_def = {
            "name": "get_simplest_curl_index",
            "description": "Find the index of the simplest cURL command from a list",
            "parameters": {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]},
        }
        # a list of strings, in the HAR file's order
        serializable_list = [str(req) for req in request_list]
        prompt = f"""
        {json.dumps(serializable_list)}
        Task:
        Given the above list of cURL commands, find the index of the curl that has the least number of dependencies and variables.
        The index should be 0-based.
        """
        response = llm.get_instance().invoke(prompt, functions=[function_def], function_call={"name": "get_simplest_curl_index"})
        return request_list[json.loads(response.additional_kwargs["function_call"]["arguments"])["index"]]

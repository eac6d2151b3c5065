"""Reconstruction of AbanteAI/rawdog@f08ac12ba42d49661187a37d5c7f751e44fba87f:src/rawdog/__main__.py (lines 11-38, 68-102), trimmed; not the original text."""

from rawdog.config import get_config
from rawdog.execute_script import execute_script
from rawdog.llm_client import LLMClient


def rawdog(prompt: str, config, llm_client):
    llm_client.add_message("user", prompt)
    retries = int(config.get("retries"))
    _continue = True
    while _continue is True:
        _continue = False
        error, script, output, return_code = "", "", "", 0
        message, script = llm_client.get_script()
        if script:
            output, error, return_code = execute_script(script, llm_client)
        elif message:
            print(message)
        if output:
            llm_client.add_message("user", f"LAST SCRIPT OUTPUT:\n{output}")
            if output.endswith("CONTINUE"):
                _continue = True
        if error:
            llm_client.add_message("user", f"Error: {error}")
        if return_code != 0:
            retries -= 1
            if retries > 0:
                _continue = True


def main():
    config = get_config(None)
    llm_client = LLMClient(config)
    while True:
        prompt = input("> ")
        rawdog(prompt, config, llm_client)

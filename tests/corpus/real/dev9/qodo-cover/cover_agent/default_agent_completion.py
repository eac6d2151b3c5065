"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/default_agent_completion.py (lines 12, 20-215), trimmed; not the original text."""

# Each method renders one TOML template (here settings/prompts.py) and sends it as a
# one-shot request: {"system": ..., "user": ...}.
from jinja2 import Environment, StrictUndefined

from cover_agent.ai_caller import AICaller
from cover_agent.settings.prompts import PROMPTS


class DefaultAgentCompletion:
    def __init__(self, caller: AICaller):
        self.caller = caller

    def _build_prompt(self, file: str, **kwargs) -> dict:
        environment = Environment(undefined=StrictUndefined)
        settings = PROMPTS[file]
        system_prompt = environment.from_string(settings["system"]).render(**kwargs)
        user_prompt = environment.from_string(settings["user"]).render(**kwargs)
        return {"system": system_prompt, "user": user_prompt}

    def generate_tests(self, source_file_name, max_tests, source_file_numbered, code_coverage_report,
                       language, test_file, test_file_name, testing_framework,
                       additional_instructions_text=None, additional_includes_section=None,
                       failed_tests_section=None):
        prompt = self._build_prompt(
            file="test_generation_prompt",
            source_file_name=source_file_name,
            max_tests=max_tests,
            source_file_numbered=source_file_numbered,
            code_coverage_report=code_coverage_report,
            language=language,
            test_file=test_file,
            test_file_name=test_file_name,
            testing_framework=testing_framework,
            additional_instructions_text=additional_instructions_text,
            additional_includes_section=additional_includes_section,
            failed_tests_section=failed_tests_section,
        )
        response, prompt_tokens, completion_tokens = self.caller.call_model(prompt)
        return response, prompt_tokens, completion_tokens, prompt["user"]

    def analyze_test_failure(self, source_file_name, source_file, processed_test_file, stdout, stderr, test_file_name):
        prompt = self._build_prompt(
            file="analyze_test_run_failure",
            source_file_name=source_file_name,
            source_file=source_file,
            processed_test_file=processed_test_file,
            stdout=stdout,
            stderr=stderr,
            test_file_name=test_file_name,
        )
        response, prompt_tokens, completion_tokens = self.caller.call_model(prompt)
        return response, prompt_tokens, completion_tokens, prompt["user"]

    def analyze_test_insert_line(self, language, test_file_numbered, test_file_name, additional_instructions_text=None):
        prompt = self._build_prompt(
            file="analyze_suite_test_insert_line",
            language=language,
            test_file_numbered=test_file_numbered,
            test_file_name=test_file_name,
            additional_instructions_text=additional_instructions_text,
        )
        response, prompt_tokens, completion_tokens = self.caller.call_model(prompt)
        return response, prompt_tokens, completion_tokens, prompt["user"]

"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/unit_test_generator.py (lines 13-88, 125-216), trimmed; not the original text."""

# The source and test files are read once per run (constant); each iteration passes the
# failed tests of earlier iterations and the new coverage report, which the template puts
# ahead of ~750 tokens of fixed response instructions.
import json
import os


class UnitTestGenerator:
    def __init__(self, source_file_path, test_file_path, project_root, included_files,
                 additional_instructions, agent_completion):
        self.source_file_path = source_file_path
        self.test_file_path = test_file_path
        self.project_root = project_root
        self.included_files = included_files
        self.additional_instructions = additional_instructions
        self.agent_completion = agent_completion
        with open(self.source_file_path, "r") as f:
            self.source_code = f.read()
        with open(self.test_file_path, "r") as f:
            self.test_code = f.read()

    def check_for_failed_test_runs(self, failed_test_runs):
        failed_test_runs_value = ""
        for failed_test in failed_test_runs or []:
            failed_test_dict = failed_test.get("code", {})
            if not failed_test_dict:
                continue
            code = json.dumps(failed_test_dict)
            failed_test_runs_value += f"Failed Test:\n```\n{code}\n```\n"
            error_message = failed_test.get("error_message", None)
            if error_message:
                failed_test_runs_value += f"Test execution error analysis:\n{error_message}\n\n\n"
        return failed_test_runs_value

    def generate_tests(self, failed_test_runs, language, testing_framework, code_coverage_report):
        failed_test_runs_value = self.check_for_failed_test_runs(failed_test_runs)
        response, prompt_token_count, response_token_count, self.prompt = self.agent_completion.generate_tests(
            source_file_name=os.path.relpath(self.source_file_path, self.project_root),
            max_tests=4,
            source_file_numbered="\n".join(f"{i + 1} {line}" for i, line in enumerate(self.source_code.split("\n"))),
            code_coverage_report=code_coverage_report,
            additional_instructions_text=self.additional_instructions,
            additional_includes_section=self.included_files,
            language=language,
            test_file=self.test_code,
            failed_tests_section=failed_test_runs_value,  # expect: PL104
            test_file_name=os.path.relpath(self.test_file_path, self.project_root),
            testing_framework=testing_framework,
        )
        return response

"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/unit_test_validator.py (lines 21-127, 338-602, 621-652, 730-744), trimmed; not the original text."""

# Each failed candidate test is analysed with the test file as it was with that candidate
# inserted, ahead of the source file that every analysis of the run sends again.
import os


class UnitTestValidator:
    def __init__(self, source_file_path, test_file_path, project_root, agent_completion):
        self.source_file_path = source_file_path
        self.test_file_path = test_file_path
        self.project_root = project_root
        self.agent_completion = agent_completion

    def _read_file(self, path):
        with open(path, "r") as f:
            return f.read()

    def validate_test(self, generated_test: dict, insertion_point: int):
        with open(self.test_file_path, "r") as test_file:
            original_content_lines = test_file.read().split("\n")
        test_code_lines = generated_test.get("test_code", "").rstrip().split("\n")
        processed_test_lines = (
            original_content_lines[:insertion_point]
            + test_code_lines
            + original_content_lines[insertion_point:]
        )
        processed_test = "\n".join(processed_test_lines)
        fail_details = {"stderr": "", "stdout": "", "processed_test_file": processed_test}
        return self.extract_error_message(fail_details)

    def extract_error_message(self, fail_details):
        response, prompt_token_count, response_token_count, prompt = self.agent_completion.analyze_test_failure(
            source_file_name=os.path.relpath(self.source_file_path, self.project_root),
            source_file=self._read_file(self.source_file_path),
            processed_test_file=fail_details["processed_test_file"],  # expect: PL104
            stderr=fail_details["stderr"],
            stdout=fail_details["stdout"],
            test_file_name=os.path.relpath(self.test_file_path, self.project_root),
        )
        return response.strip()

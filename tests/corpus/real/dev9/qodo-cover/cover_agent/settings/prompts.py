"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/settings/test_generation_prompt.toml (lines 1-121), trimmed; not the original text."""
# With analyze_test_run_failure.toml (lines 1-36) and analyze_suite_test_insert_line.toml
# (lines 1-52) of cover_agent/settings/, kept as Python constants so the template
# order is visible. The originals are read with get_settings().get(file).system / .user.


TEST_GENERATION_USER = """\
## Overview
You are a code assistant that accepts a {{ language }} source file, and a {{ language }} test file.
Your goal is to generate additional comprehensive unit tests to complement the existing test suite.
(... about 250 tokens of fixed guidelines ...)

## Source File
Here is the source file, called `{{ source_file_name }}`, with line numbers added:
=========
{{ source_file_numbered|trim }}
=========

## Test File
Here is the file that contains the existing tests, called `{{ test_file_name }}`:
=========
{{ test_file|trim }}
=========

### Test Framework
The test framework used for running tests is `{{ testing_framework }}`.
{%- if additional_includes_section|trim %}
## Additional Includes
======
{{ additional_includes_section|trim }}
======
{% endif -%}
{%- if failed_tests_section|trim %}
## Previous Iterations Failed Tests
Below is a list of failed tests generated in previous iterations. Do not generate the same tests again.
======
{{ failed_tests_section|trim }}
======
{% endif -%}
{%- if additional_instructions_text|trim %}
## Additional Instructions
======
{{ additional_instructions_text|trim }}
======
{% endif %}

## Code Coverage
Suggest new tests for `{{ test_file_name }}` against `{{ source_file_name }}` that cover missing lines.
=========
{{ code_coverage_report|trim }}
=========

## Response
The output must be a YAML object equivalent to type $NewTests, according to these Pydantic definitions:
=====
class SingleTest(BaseModel):
    test_behavior: str = Field(description="Short description of the behavior the test covers")
    lines_to_cover: str = Field(description="A list of line numbers, currently uncovered, that this test covers")
    test_name: str = Field(description="A short test name, in snake case, that reflects the behaviour to test")
    test_code: str = Field(description="A new '{{ testing_framework }}' test function that extends the existing suite ...")
    new_imports_code: str = Field(description="New imports that are required to run the new test function ...")
    test_tags: str = Field(description="A single label out of: ['happy path', 'edge case','other']")

class NewTests(BaseModel):
    language: str = Field(description="The programming language of the source code")
    existing_test_function_signature: str = Field(description="A signature header of one existing test function")
    new_tests: List[SingleTest] = Field(min_items=1, max_items={{ max_tests }}, description="New test functions ...")
=====
(... about 600 tokens of fixed example output and YAML formatting rules ...)
Response (should be a valid YAML, and nothing else):
```yaml
"""

ANALYZE_TEST_RUN_FAILURE_USER = """\
## Overview
You are a specialized test analysis assistant focused on unit test regression results.

Here is the file that contains the existing tests, called `{{ test_file_name }}`:
=========
{{ processed_test_file|trim }}
=========

Here is the source file that we are writing tests against, called `{{ source_file_name }}`.
=========
{{ source_file|trim }}
=========

`stdout` output when running the tests:
=========
{{ stdout|trim }}
=========

`stderr` output when running the tests:
=========
{{ stderr|trim }}
=========

Short and concise analysis of why the test run failed, and recommended Fixes:
"""

ANALYZE_SUITE_TEST_INSERT_LINE_USER = """\
## Overview
You are a code assistant that accepts a {{ language }} test file as input.

Here is the file that contains the existing tests, called `{{ test_file_name }}`, with line numbers:
=========
{{ test_file_numbered|trim }}
=========

(... about 350 tokens of fixed YAML output definitions ...)
"""

PROMPTS = {
    "test_generation_prompt": {"system": "", "user": TEST_GENERATION_USER},
    "analyze_test_run_failure": {"system": "", "user": ANALYZE_TEST_RUN_FAILURE_USER},
    "analyze_suite_test_insert_line": {"system": "", "user": ANALYZE_SUITE_TEST_INSERT_LINE_USER},
}

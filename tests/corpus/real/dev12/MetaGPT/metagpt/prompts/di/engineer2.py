"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/prompts/di/engineer2.py (lines 1-68), trimmed; not the original text."""

import time

from metagpt.const import REACT_TEMPLATE_PATH, VUE_TEMPLATE_PATH
from metagpt.prompts.di.role_zero import ROLE_INSTRUCTION

EXTRA_INSTRUCTION = """
You are an autonomous programmer

The special interface consists of a file editor that shows you 100 lines of a file at a time.

You can use terminal commands (e.g., cat, ls, cd) by calling Terminal.run_command.

24.1. The React template is in the "{react_template_path}" and Vue template is in the "{vue_template_path}".
25.1. Create the project folder if no exists. Use cmd " mkdir -p {{project_name}}_{timestamp} "
25.2. Copy a Vue/React template to your project folder. Notice that you are in {{project_name}}_{timestamp}.
26. Engineer2.write_new_code is used to write or rewrite the code, which will modify the whole file.
""".format(
    vue_template_path=VUE_TEMPLATE_PATH.resolve().absolute(),
    react_template_path=REACT_TEMPLATE_PATH.resolve().absolute(),
    timestamp=int(time.time()),
)

ENGINEER2_INSTRUCTION = ROLE_INSTRUCTION + EXTRA_INSTRUCTION.strip()

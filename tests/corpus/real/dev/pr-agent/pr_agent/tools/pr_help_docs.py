"""Reconstruction of qodo-ai/pr-agent@0e37fc84fcc8207561e64eef8f7f634fb57e8447:pr_agent/tools/pr_help_docs.py
(lines 120-165, 259-285, 300-370, 395-452), trimmed; not the original text.
"""

import copy
import os

from jinja2 import Environment, StrictUndefined

from pr_agent.algo.ai_handlers.litellm_ai_handler import LiteLLMAIHandler
from pr_agent.config_loader import get_settings


def map_documentation_files_to_contents(base_path: str, doc_files: list[str], max_allowed_file_len=5000) -> dict[str, str]:
    returned_dict = {}
    for file in doc_files:
        with open(file, encoding="utf-8") as f:
            content = f.read()[:max_allowed_file_len]
        returned_dict[str(file).replace(str(base_path), "")] = content.strip()
    return returned_dict


def aggregate_documentation_files_for_prompt_contents(file_path_to_contents: dict[str, str]) -> str:
    docs_prompt = ""
    for file_path in file_path_to_contents:
        docs_prompt += f"\n==file name==\n\n{file_path}\n\n==file content==\n\n{file_path_to_contents[file_path]}\n=========\n\n"
    return docs_prompt


class PredictionPreparator:
    def __init__(self, ai_handler, vars, system_prompt, user_prompt):
        self.ai_handler = ai_handler
        variables = copy.deepcopy(vars)
        environment = Environment(undefined=StrictUndefined)
        self.system_prompt = environment.from_string(system_prompt).render(variables)
        self.user_prompt = environment.from_string(user_prompt).render(variables)

    async def __call__(self, model: str) -> str:
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model, temperature=get_settings().config.temperature, system=self.system_prompt, user=self.user_prompt
        )
        return response


class PRHelpDocs:
    def __init__(self, ctx_url, repo_url, question: str, docs_path: str = "docs", ai_handler=LiteLLMAIHandler):
        self.ai_handler = ai_handler()
        self.repo_url = repo_url
        self.docs_path = docs_path
        self.question = question
        self.supported_doc_exts = [".md", ".mdx", ".rst"]
        self.vars = {
            "docs_url": self.repo_url,
            # rendered ahead of the documentation in the user template
            "question": self.question,  # expect: PL104
            "snippets": "",
        }

    def _find_all_document_files_matching_exts(self, abs_docs_path: str) -> list[str]:
        matching_files = []
        dotless_extensions = [ext.lower().lstrip(".") for ext in self.supported_doc_exts]
        # os.walk yields the directory entries in the file system's order, and the prompt
        # concatenates the files in it
        for root, _, files in os.walk(abs_docs_path):  # expect: PL201
            for file in files:
                if any(file.lower().endswith(f".{ext}") for ext in dotless_extensions):
                    matching_files.append(os.path.join(root, file))
        return matching_files

    async def run(self, cloned_repo_root: str):
        abs_docs_path = os.path.join(cloned_repo_root, self.docs_path)
        doc_files = self._find_all_document_files_matching_exts(abs_docs_path)
        docs_filepath_to_contents = map_documentation_files_to_contents(cloned_repo_root, doc_files)
        self.vars["snippets"] = aggregate_documentation_files_for_prompt_contents(docs_filepath_to_contents).strip()
        settings = get_settings().pr_help_docs_prompts
        return await PredictionPreparator(self.ai_handler, self.vars, settings.system, settings.user)(get_settings().config.model)

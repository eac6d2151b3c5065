"""Reconstruction of QuivrHQ/quivr@947a785415c6c35ab2ae8157222b4720b0710b4d:core/quivr_core/rag/utils.py (lines 168-200), trimmed; not the original text."""

from langchain_core.prompts import format_document

from quivr_core.rag.prompts import TemplatePromptName, custom_prompts


def combine_documents(docs, document_prompt=custom_prompts[TemplatePromptName.DEFAULT_DOCUMENT_PROMPT], document_separator="\n\n"):
    for doc, index in zip(docs, range(len(docs)), strict=False):
        doc.metadata["index"] = index
    doc_strings = [format_document(doc, document_prompt) for doc in docs]
    return document_separator.join(doc_strings)


def format_file_list(list_files_array, max_files: int = 20) -> str:
    list_files = [file.file_name or file.url for file in list_files_array]
    files = list(filter(lambda n: n is not None, list_files))
    files = files[:max_files]
    return "\n".join(files) if list_files_array else "None"


def collect_tools(workflow_config):
    validated_tools = "Available tools which can be activated:\n"
    for i, tool in enumerate(workflow_config.validated_tools):
        validated_tools += f"Tool {i+1} name: {tool.name}\n"
        validated_tools += f"Tool {i+1} description: {tool.description}\n\n"

    activated_tools = "Activated tools which can be deactivated:\n"
    for i, tool in enumerate(workflow_config.activated_tools):
        activated_tools += f"Tool {i+1} name: {tool.name}\n"
        activated_tools += f"Tool {i+1} description: {tool.description}\n\n"
    return validated_tools, activated_tools


def format_dict(kv):
    return "\n".join([f"{k}: {v}" for k, v in kv.items() if v is not None and v != ""])

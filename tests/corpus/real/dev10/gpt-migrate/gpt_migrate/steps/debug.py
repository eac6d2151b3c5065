"""Reconstruction of joshpxyne/gpt-migrate@262cabb5e8dae57f03e80a7c06cf0edfbc67d410:gpt_migrate/steps/debug.py (lines 7-17, 163-181), trimmed; not the original text."""

from config import GUIDELINES, HIERARCHY, HUMAN_INTERVENTION, IDENTIFY_ACTION, MAX_ERROR_MESSAGE_CHARACTERS, SINGLEFILE, WRITE_CODE
from utils import build_directory_structure, llm_run, prompt_constructor


def debug_error(error_message, relevant_files, globals):
    identify_action_template = prompt_constructor(HIERARCHY, GUIDELINES, IDENTIFY_ACTION)
    # the tail of this error's output, in a one-shot request
    prompt = identify_action_template.format(
        error_message=error_message[-min(MAX_ERROR_MESSAGE_CHARACTERS, len(error_message)):],
        target_directory_structure=build_directory_structure(globals.targetdir),
    )
    actions = llm_run(prompt, waiting_message="Planning actions for debugging...", success_message="", globals=globals)
    return actions.split(",")


def require_human_intervention(error_message, relevant_files, globals):
    human_intervention_template = prompt_constructor(HIERARCHY, GUIDELINES, WRITE_CODE, HUMAN_INTERVENTION, SINGLEFILE)
    prompt = human_intervention_template.format(
        error_message=error_message[-min(MAX_ERROR_MESSAGE_CHARACTERS, len(error_message)):],
        relevant_files=relevant_files,
        target_directory_structure=build_directory_structure(globals.targetdir),
        guidelines=globals.guidelines,
    )
    return llm_run(prompt, waiting_message="Writing instructions...", success_message="", globals=globals)

"""Reconstruction of joshpxyne/gpt-migrate@262cabb5e8dae57f03e80a7c06cf0edfbc67d410:gpt_migrate/steps/migrate.py (lines 8-112), trimmed; not the original text."""

import json
import os
from typing import List

from config import GET_EXTERNAL_DEPS, GET_FUNCTION_SIGNATURES, GET_INTERNAL_DEPS, GUIDELINES, HIERARCHY, SINGLEFILE, WRITE_CODE, WRITE_MIGRATION
from utils import build_directory_structure, convert_sigs_to_string, file_exists_in_memory, llm_run, llm_write_file, prompt_constructor, write_to_memory


def get_function_signatures(targetfiles: List[str], globals):
    all_sigs = []
    for targetfile in targetfiles:
        sigs_file_name = targetfile + "_sigs.json"
        if file_exists_in_memory(sigs_file_name):
            with open(os.path.join("memory", sigs_file_name), "r") as f:
                sigs = json.load(f)
            all_sigs.extend(sigs)
        else:
            function_signatures_template = prompt_constructor(HIERARCHY, GUIDELINES, GET_FUNCTION_SIGNATURES)
            with open(os.path.join(globals.targetdir, targetfile), "r") as file:
                targetfile_content = file.read()
            prompt = function_signatures_template.format(
                targetlang=globals.targetlang, sourcelang=globals.sourcelang, targetfile_content=targetfile_content
            )
            sigs = json.loads(llm_run(prompt, waiting_message="Parsing function signatures...", success_message=None, globals=globals))
            all_sigs.extend(sigs)
            with open(os.path.join("memory", sigs_file_name), "w") as f:
                json.dump(sigs, f)
    return all_sigs


def get_dependencies(sourcefile, globals):
    external_deps_prompt_template = prompt_constructor(HIERARCHY, GUIDELINES, GET_EXTERNAL_DEPS)
    internal_deps_prompt_template = prompt_constructor(HIERARCHY, GUIDELINES, GET_INTERNAL_DEPS)
    with open(os.path.join(globals.sourcedir, sourcefile), "r") as file:
        sourcefile_content = file.read()
    prompt = external_deps_prompt_template.format(
        targetlang=globals.targetlang, sourcelang=globals.sourcelang, sourcefile_content=sourcefile_content
    )
    external_dependencies = llm_run(prompt, waiting_message="Identifying external dependencies...", success_message=None, globals=globals)
    external_deps_list = external_dependencies.split(",") if external_dependencies != "NONE" else []
    write_to_memory("external_dependencies", external_deps_list)
    prompt = internal_deps_prompt_template.format(
        targetlang=globals.targetlang,
        sourcelang=globals.sourcelang,
        sourcefile=sourcefile,
        sourcefile_content=sourcefile_content,
        source_directory_structure=globals.source_directory_structure,
    )
    internal_dependencies = llm_run(prompt, waiting_message="Identifying internal dependencies...", success_message=None, globals=globals)
    internal_deps_list = [dep for dep in internal_dependencies.split(",") if dep] if internal_dependencies != "NONE" else []
    return internal_deps_list, external_deps_list


def write_migration(sourcefile, external_deps_list, deps_per_file, globals) -> str:
    sigs = get_function_signatures(deps_per_file, globals) if deps_per_file else []
    # hierarchy + guidelines + write-code rules (~2k fixed characters), then the user's {guidelines},
    # then the migration step with the languages, the file's deps, both directory trees, the source file
    write_migration_template = prompt_constructor(HIERARCHY, GUIDELINES, WRITE_CODE, WRITE_MIGRATION, SINGLEFILE)
    with open(os.path.join(globals.sourcedir, sourcefile), "r") as file:
        sourcefile_content = file.read()
    prompt = write_migration_template.format(
        targetlang=globals.targetlang,
        targetlang_function_signatures=convert_sigs_to_string(sigs),
        sourcelang=globals.sourcelang,
        sourcefile=sourcefile,
        sourcefile_content=sourcefile_content,
        external_deps=",".join(external_deps_list),
        source_directory_structure=globals.source_directory_structure,
        target_directory_structure=build_directory_structure(globals.targetdir),
        guidelines=globals.guidelines,
    )
    return llm_write_file(prompt, target_path=None, waiting_message="Creating migration file...", success_message=None, globals=globals)[0]

"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:src/demo_utils/format_prompt.py (lines 140-158), trimmed; not the original text."""


def format_ranking_input(elements, task, previous_actions):
    # pairs for the local cross-encoder that ranks candidate elements: not an LLM request
    converted_elements = [f'<{element[-1]} id="{i}">{element[1]}</{element[-1]}>' for i, element in enumerate(elements)]
    query = f"task is: {task}\nPrevious actions: {'; '.join(previous_actions[-3:])}"
    return [[query, doc] for doc in converted_elements]

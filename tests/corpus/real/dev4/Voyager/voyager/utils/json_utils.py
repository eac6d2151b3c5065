"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/utils/json_utils.py (lines 1-227), trimmed; not the original text."""

import json


def fix_and_parse_json(text):
    return json.loads(text[text.index("{") : text.rindex("}") + 1])

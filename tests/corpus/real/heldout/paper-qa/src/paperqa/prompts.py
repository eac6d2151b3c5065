"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/prompts.py (lines 1-2, 83-92), trimmed; not the original text."""
from datetime import datetime

citation_prompt = (
    "Provide the citation for the following text in MLA Format. "
    "Do not write an introductory sentence. "
    "Do not fabricate a DOI such as '10.xxxx' if one cannot be found,"
    " just leave it out of the citation. "
    f"If reporting date accessed, the current year is {datetime.now().year}\n\n"
    "{text}\n\n"
    "Citation:"
)

"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:paper_agent/methodology_composing_using_template.py (lines 88-161), trimmed; not the original text.

One request per subsection: the subsection name, the current text, the structure and the new
content come first, a randomly chosen writing template after them, then a few hundred tokens of
fixed requirements.
"""

from section_composer import SectionComposer


class MethodologyComposer(SectionComposer):
    async def detailize_subsection(self, structure, current_text, content, subsection):
        writing_template = self.get_random_template()
        prompt = f"""Revise or write the following subsection of the methodology section:
\\subsection{{{subsection}}}

CURRENT TEXT (if any):
{current_text}

STRUCTURE INFORMATION:
{structure}

NEW TECHNICAL CONTENT TO INCORPORATE:
{content}

REFERENCE WRITING TEMPLATE:
{writing_template}

Use the template for its writing patterns only, not word by word. Preserve valid technical content,
add the missing details from the new content, keep the structure's components aligned and use
proper LaTeX. Output the LaTeX text for this subsection only."""
        return await self.gpt_client.chat(prompt=prompt)

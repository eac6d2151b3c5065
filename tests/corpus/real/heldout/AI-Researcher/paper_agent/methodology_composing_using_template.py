"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:paper_agent/methodology_composing_using_template.py (lines 24-86, 88-161), trimmed; not the original text.

One request per subsection: the subsection name, the current text, the structure and the new
content come first, a randomly chosen writing template after them, then a few hundred tokens of
fixed requirements.
"""

from section_composer import SectionComposer


class MethodologyComposer(SectionComposer):
    async def generate_or_revise_structure(self, content, current_structure, iteration):
        prompt = f"""Based on the given content, generate or revise the technical methodology structure of the proposed method, using latex format.
Current iteration: {iteration}/{self.structure_iterations}

Current structure (if exists):
{current_structure}

Content to analyze:
{content}

Guidelines: only the method's technical components; a section for the method with subsections
for its major components; LaTeX comments explaining each component's purpose, inputs, outputs
and workflow. (About 600 tokens of fixed guidelines in the original.)"""
        return await self.gpt_client.chat(prompt=prompt)

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

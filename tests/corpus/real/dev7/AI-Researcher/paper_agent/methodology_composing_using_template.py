"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:paper_agent/methodology_composing_using_template.py (lines 24-86, 88-161), trimmed; not the original text.

compose_section (lines 222-286) calls the structure prompt three times with the same contents and
the subsection prompt once per subsection and contents file, with the same structure and code:
the per-call parts (iteration, subsection, current text) come first, a randomly chosen writing
template late, then a few hundred tokens of fixed requirements.
"""

from section_composer import SectionComposer


class MethodologyComposer(SectionComposer):
    async def generate_or_revise_structure(self, content, current_structure, iteration):
        # one f-string in the original (25-84)
        prompt = (
            "Based on the given content, generate or revise the technical methodology structure of the proposed method, using latex format.\n"
            f"Current iteration: {iteration}/{self.structure_iterations}\n\n"  # expect: PL104
            f"Current structure (if exists):\n{current_structure}\n\n"
            f"Content to analyze:\n{content}\n\n"
            "Guidelines: only the method's technical components; a section for the method with subsections\n"
            "for its major components; LaTeX comments explaining each component's purpose, inputs, outputs\n"
            "and workflow. (About 600 tokens of fixed guidelines in the original.)"
        )
        return await self.gpt_client.chat(prompt=prompt)

    async def detailize_subsection(self, structure, current_text, content, subsection):
        writing_template = self.get_random_template()
        # one f-string in the original (92-159)
        prompt = (
            "Revise or write the following subsection of the methodology section:\n"
            f"\\subsection{{{subsection}}}\n\n"  # expect: PL104
            f"CURRENT TEXT (if any):\n{current_text}\n\n"
            f"STRUCTURE INFORMATION:\n{structure}\n\n"
            f"NEW TECHNICAL CONTENT TO INCORPORATE:\n{content}\n\n"
            f"REFERENCE WRITING TEMPLATE:\n{writing_template}\n\n"
            "Use the template for its writing patterns only, not word by word. Preserve valid technical content,\n"
            "add the missing details from the new content, keep the structure's components aligned and use\n"
            "proper LaTeX. Output the LaTeX text for this subsection only."
        )
        return await self.gpt_client.chat(prompt=prompt)

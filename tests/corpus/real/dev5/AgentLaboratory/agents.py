"""Reconstruction of SamuelSchmidgall/AgentLaboratory@123444b7690aedbe895ec68c0b69b6fe65d2a22a:agents.py (lines 36-312, 563-712), trimmed; not the original text."""

from inference import query_model


def get_score(outlined_plan, latex, reward_model_llm, reviewer_type=None, openai_api_key=None):
    template_instructions = """
    Answer as THOUGHT (your reasoning) followed by REVIEW JSON in a fenced json block with
    the fields Summary, Strengths, Weaknesses, Originality, Quality, Clarity, Significance,
    Questions, Limitations, Ethical Concerns, Soundness, Presentation, Contribution,
    Overall, Confidence and Decision (Accept or Reject only).
    """
    neurips_form = (
        """
        ## Review Form
        1. Summary: what the paper claims and contributes.
        2. Strengths and weaknesses: originality, quality, clarity, significance.
        3. Questions for the authors.
        4. Limitations and societal impact.
        5. Soundness, 6. Presentation, 7. Contribution: 1 (poor) to 4 (excellent).
        8. Overall: 1 (very strong reject) to 10 (award quality).
        9. Confidence: 1 (educated guess) to 5 (certain).
        """
        + template_instructions
    )
    if reviewer_type is None:
        reviewer_type = ""
    sys = (
        "You are an AI researcher reviewing a paper submitted to a prestigious ML venue. "
        f"Be critical and cautious in your decision. {reviewer_type}\n"  # expect: PL104
    ) + neurips_form
    return query_model(
        model_str=f"{reward_model_llm}",
        system_prompt=sys,
        openai_api_key=openai_api_key,
        prompt=f"The research plan: {outlined_plan}\n\nThe paper that was produced:\n{latex}\n\n",
        temp=0.0,
    )


class ReviewersAgent:
    def __init__(self, model="gpt-4o-mini", openai_api_key=None):
        self.model = model
        self.openai_api_key = openai_api_key

    def inference(self, plan, report):
        reviewer_1 = "You are a harsh but fair reviewer who expects insightful experiments."
        review_1 = get_score(plan, report, self.model, reviewer_type=reviewer_1, openai_api_key=self.openai_api_key)
        reviewer_2 = "You are a critical reviewer looking for impactful ideas."
        review_2 = get_score(plan, report, self.model, reviewer_type=reviewer_2, openai_api_key=self.openai_api_key)
        return f"Reviewer #1:\n{review_1}\nReviewer #2:\n{review_2}"


class BaseAgent:
    def __init__(self, model="gpt-4o-mini", notes=None, max_steps=100, openai_api_key=None):
        self.notes = notes or []
        self.max_steps = max_steps
        self.model = model
        self.history = list()
        self.prev_comm = str()
        self.openai_api_key = openai_api_key
        self.max_hist_len = 15

    def override_inference(self, query, temp=0.0):
        sys_prompt = f"""You are {self.role_description()}"""
        return query_model(model_str=self.model, system_prompt=sys_prompt, prompt=query, temp=temp, openai_api_key=self.openai_api_key)

    def inference(self, research_topic, phase, step, feedback="", temp=None):
        sys_prompt = f"""You are {self.role_description()} \nTask instructions: {self.phase_prompt(phase)}\n{self.command_descriptions(phase)}"""
        context = self.context(phase)
        history_str = "\n".join([h[1] for h in self.history])
        phase_notes = [n for n in self.notes if phase in n["phases"]]
        notes_str = f"Notes for the task objective: {phase_notes}\n" if phase_notes else ""
        complete_str = "Finish and submit now!" if step / (self.max_steps - 1) > 0.7 else ""
        prompt = (
            f"""{context}\n{'~' * 10}\nHistory: {history_str}\n{'~' * 10}\n"""
            f"Current Step #{step}, Phase: {phase}\n{complete_str}\n"
            f"[Objective] Research topic: {research_topic}\n"
            f"Feedback: {feedback}\nNotes: {notes_str}\nYour previous command was: {self.prev_comm}.\nProduce a single command:\n"
        )
        model_resp = query_model(model_str=self.model, system_prompt=sys_prompt, prompt=prompt, temp=temp, openai_api_key=self.openai_api_key)
        self.prev_comm = model_resp
        steps_exp = None
        if feedback is not None and "```EXPIRATION" in feedback:
            steps_exp = int(feedback.split("\n")[0].replace("```EXPIRATION ", ""))
        self.history.append((steps_exp, f"Step #{step}, Phase: {phase}, Feedback: {feedback}, Your response: {model_resp}"))
        # entries with an expiry count down and are dropped from the middle of the history
        for i in reversed(range(len(self.history))):
            if self.history[i][0] is not None:
                self.history[i] = (self.history[i][0] - 1, self.history[i][1])
                if self.history[i][0] < 0:
                    self.history.pop(i)  # expect: PL301
        if len(self.history) >= self.max_hist_len:
            self.history.pop(0)  # expect: PL301
        return model_resp

    def context(self, phase):
        raise NotImplementedError

    def phase_prompt(self, phase):
        raise NotImplementedError

    def role_description(self):
        raise NotImplementedError

    def command_descriptions(self, phase):
        raise NotImplementedError


class ProfessorAgent(BaseAgent):
    def generate_readme(self, report):
        sys_prompt = (
            f"You are {self.role_description()} \n Here is the paper \n{report}. "
            "Task instructions: turn the paper, code and notes into a README.md for a GitHub repository."
        )
        history_str = "\n".join([h[1] for h in self.history])
        prompt = f"History: {history_str}\n{'~' * 10}\nWrite the README in markdown:\n"
        return query_model(model_str=self.model, system_prompt=sys_prompt, prompt=prompt, openai_api_key=self.openai_api_key)

    def role_description(self):
        return "a computer science professor at a top university."


class PhDStudentAgent(BaseAgent):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.phases = ["literature review", "plan formulation"]
        self.lit_review = []

    def context(self, phase):
        return ""

    def command_descriptions(self, phase):
        if phase == "literature review":
            return (
                "Use ```SUMMARY\nquery\n``` to search arXiv for paper summaries.\n"
                "Use ```FULL_TEXT\narXiv id\n``` to read one paper in full.\n"
                "Use ```ADD_PAPER\narXiv id\nsummary\n``` to add a read paper to the review.\n"
                "Use only one command per turn, wrapped in three backticks.\n"
            )
        return "Use ```DIALOGUE\ntext\n``` to talk to the postdoc.\n"

    def phase_prompt(self, phase):
        if phase == "literature review":
            phase_str = (
                "Your goal is to review the literature for the task and add papers to the review.\n"
                "You can search arXiv for summaries and fetch a paper's full text.\n"
            )
            rev_papers = "Papers in your review so far: " + " ".join([p["arxiv_id"] for p in self.lit_review])  # expect: PL104
            phase_str += rev_papers if len(self.lit_review) > 0 else ""
        else:
            phase_str = "You are a PhD student agreeing on a plan with a postdoc.\n"
        return phase_str

    def role_description(self):
        return "a computer science PhD student at a top university."

    def add_review(self, arxiv_id, summary, full_text):
        self.lit_review.append({"arxiv_id": arxiv_id, "full_text": full_text, "summary": summary})
        return f"Successfully added paper {arxiv_id}"

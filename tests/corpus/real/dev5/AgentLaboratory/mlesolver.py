"""Reconstruction of SamuelSchmidgall/AgentLaboratory@123444b7690aedbe895ec68c0b69b6fe65d2a22a:mlesolver.py (lines 141-200, 203-328, 407-551), trimmed; not the original text."""

import random
from copy import copy

from inference import query_model


def get_score(outlined_plan, code, code_return, REWARD_MODEL_LLM, openai_api_key=None):
    sys = (
        "You are a professor acting as a reward model: read a research plan, the code and its output, "
        "and score from 0 to 1 how well the plan was followed.\n\n"
        "Answer exactly as ```SCORE\n<float>\n```."
    )
    scoring = query_model(
        model_str=f"{REWARD_MODEL_LLM}",
        system_prompt=sys,
        openai_api_key=openai_api_key,
        prompt=f"Plan: {outlined_plan}\n\nCode:\n{code}\n\nOutput: {code_return}\n\n",
        temp=0.6,
    )
    return float(scoring.split("```SCORE")[1].split("```")[0])


def code_repair(code, error, ctype, REPAIR_LLM, openai_api_key=None):
    repair_sys = (
        "You are an automated code repair tool.\n"
        "Fix the code so that the error does not happen again, changing as little as possible.\n"
        "Wrap the code in ```python\n<code>\n```."
    )
    return query_model(
        openai_api_key=openai_api_key,
        model_str=f"{REPAIR_LLM}",
        system_prompt=repair_sys,
        prompt=f"The error: {error}\n\nThe code:\n\n{code}",
        temp=0.8,
    )


class MLESolver:
    def __init__(self, dataset_code, notes=None, insights=None, plan=None, llm_str=None, openai_api_key=None):
        self.dataset_code = dataset_code
        self.notes = notes or []
        self.insights = insights
        self.plan = plan or ""
        self.llm_str = llm_str
        self.model = llm_str
        self.openai_api_key = openai_api_key
        self.max_codes = 1
        self.st_hist_len = 2
        self.min_gen_trials = 1
        self.st_history = list()
        self.code_reflect = str()
        self.best_codes = [([], 0.0, "")]
        self.code_lines = []

    def gen_initial_code(self):
        num_attempts = 0
        error_hist = list()
        while True:
            if num_attempts == 0:
                err_hist = ""
            else:
                err = f"The previous command was: {model_resp}. It returned this error: {cmd_str}. Do not repeat it."
                error_hist.append(err)
                if len(error_hist) == 5:
                    _ = error_hist.pop(0)  # expect: PL301
                err_hist = "Your previous errors:\n" + "\n".join(error_hist) + "\nDO NOT REPEAT THESE."
            model_resp = query_model(
                openai_api_key=self.openai_api_key,
                model_str=self.model,
                system_prompt=self.system_prompt(),
                prompt=f"{err_hist}\nNow write the initial code with ```REPLACE:\n ",
                temp=1.0,
            )
            cmd_str, code_lines, prev_code_ret, score = self.process_command(model_resp)
            if score is not None:
                return code_lines, prev_code_ret, score
            num_attempts += 1

    def solve(self):
        num_attempts = 0
        best_pkg = None
        top_score = None
        while True:
            model_resp = query_model(
                openai_api_key=self.openai_api_key,
                model_str=self.model,
                system_prompt=self.system_prompt(),
                prompt=f"The following is your history:{self.history_str()}\n\nNow please enter a command: ",
                temp=1.0,
            )
            self.code_lines = copy(random.choice(self.best_codes)[0])
            cmd_str, code_lines, prev_code_ret, score = self.process_command(model_resp)
            self.st_history.append([model_resp, prev_code_ret, code_lines, cmd_str])
            if len(self.st_history) > self.st_hist_len:
                self.st_history.pop(0)  # expect: PL301
            if score is not None and (top_score is None or score > top_score):
                best_pkg = copy(code_lines), copy(prev_code_ret), copy(model_resp), copy(cmd_str)
                top_score = score
            if num_attempts >= self.min_gen_trials and top_score is not None:
                break
            num_attempts += 1
        self.code_lines, self.prev_code_ret, model_resp, cmd_str = best_pkg
        if top_score > self.best_codes[-1][1]:
            if len(self.best_codes) >= self.max_codes:
                self.best_codes.pop(-1)
                self.code_reflect = self.reflect_code()  # expect: PL104
            self.best_codes.append((copy(self.code_lines), copy(top_score), self.prev_code_ret))
            self.best_codes.sort(key=lambda x: x[1], reverse=True)
        return model_resp, cmd_str

    def reflect_code(self):
        code_strs = ("$" * 40 + "\n\n").join(self.generate_code_lines(c[0]) for c in self.best_codes)
        syst = self.system_prompt(commands=False) + f"Reflect on these programs: {code_strs}"
        return query_model(prompt="How could this code score higher?", system_prompt=syst, model_str=self.llm_str, openai_api_key=self.openai_api_key)

    def process_command(self, model_resp):
        return "executed", self.code_lines, "output", 0.5

    def history_str(self):
        hist_str = ""
        for i in range(len(self.st_history)):
            hist_str += f"-------- History ({len(self.st_history) - i} steps ago) -----\n"
            hist_str += f"Because of the following response: {self.st_history[i][0]}\n"
            hist_str += f"and the following COMMAND response output: {self.st_history[i][3]}\n"
            hist_str += f"With the following code used: {self.st_history[i][2]}\n"
            hist_str += f"The environment feedback and reflection was as follows: {self.st_history[i][1]}\n"
        return hist_str

    def system_prompt(self, commands=True):
        return (
            f"{self.role_description()}.\n"
            f"The following are your task instructions: {self.phase_prompt()}\n"
            f"Insights from the literature review:\n{self.insights}\n"
            f"{self.code_reflect}"
            f"Notes and general tips: {self.notes}"
            f"The research plan: {self.plan}\n"
            f"{self.generate_dataset_descr_prompt()}"
            "Produce at least two figures, Figure_1.png and Figure_2.png.\n"
            "Solve the plan as well as you can; a score follows each submission.\n"
            f"The following are commands you have access to: {self.command_descriptions() if commands else ''}\n"
        )

    def generate_code_lines(self, code):
        return "".join(f"{i} |{line}\n" for i, line in enumerate(code))

    def generate_dataset_descr_prompt(self):
        return f"\n- This dataset code is prepended to your code: {self.dataset_code}"

    def phase_prompt(self):
        return "You are an ML engineer writing the code for a research project.\n"

    def role_description(self):
        return "You are an expert machine learning engineer at a top university."

    def command_descriptions(self):
        return "```EDIT N M\n<lines>\n``` replaces lines N to M; ```REPLACE\n<code>\n``` replaces the program."

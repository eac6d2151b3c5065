"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/legacy/base/base.py (lines 93-168, 284-400, 586-658), trimmed; not the original text."""


class VannaBase:
    def __init__(self, config=None):
        self.config = config
        self.dialect = (config or {}).get("dialect", "SQL")
        self.static_documentation = (config or {}).get("static_documentation", "")
        self.max_tokens = (config or {}).get("max_tokens", 14000)

    def generate_sql(self, question: str, **kwargs) -> str:
        initial_prompt = self.config.get("initial_prompt", None) if self.config else None
        question_sql_list = self.get_similar_question_sql(question, **kwargs)
        ddl_list = self.get_related_ddl(question, **kwargs)
        doc_list = self.get_related_documentation(question, **kwargs)
        prompt = self.get_sql_prompt(
            initial_prompt=initial_prompt,
            question=question,
            question_sql_list=question_sql_list,
            ddl_list=ddl_list,
            doc_list=doc_list,
        )
        return self.submit_prompt(prompt, **kwargs)

    def generate_rewritten_question(self, last_question: str, new_question: str, **kwargs) -> str:
        if last_question is None:
            return new_question
        prompt = [
            self.system_message("Combine the two questions into one if they are related; else return the second."),
            self.user_message("First question: " + last_question + "\nSecond question: " + new_question),
        ]
        return self.submit_prompt(prompt=prompt, **kwargs)

    def generate_summary(self, question: str, df, **kwargs) -> str:
        message_log = [
            self.system_message(
                f"You are a helpful data assistant. The user asked: '{question}'\n\n"
                f"The results of the query:\n{df.to_markdown()}\n\n"
            ),
            self.user_message("Briefly summarize the data based on the question that was asked."),
        ]
        return self.submit_prompt(message_log, **kwargs)

    def add_ddl_to_prompt(self, initial_prompt: str, ddl_list: list, max_tokens: int = 14000) -> str:
        if len(ddl_list) > 0:
            initial_prompt += "\n===Tables \n"
            for ddl in ddl_list:
                if len(initial_prompt) / 4 + len(ddl) / 4 < max_tokens:
                    initial_prompt += f"{ddl}\n\n"
        return initial_prompt

    def add_documentation_to_prompt(self, initial_prompt: str, documentation_list: list,
                                    max_tokens: int = 14000) -> str:
        if len(documentation_list) > 0:
            initial_prompt += "\n===Additional Context \n\n"
            for documentation in documentation_list:
                if len(initial_prompt) / 4 + len(documentation) / 4 < max_tokens:
                    initial_prompt += f"{documentation}\n\n"
        return initial_prompt

    def get_sql_prompt(self, initial_prompt: str, question: str, question_sql_list: list,
                       ddl_list: list, doc_list: list, **kwargs):
        if initial_prompt is None:
            initial_prompt = f"You are a {self.dialect} expert. Generate a SQL query for the question. "
        # the DDL and documentation retrieved for this question, then a short fixed tail
        initial_prompt = self.add_ddl_to_prompt(initial_prompt, ddl_list, max_tokens=self.max_tokens)
        if self.static_documentation != "":
            doc_list.append(self.static_documentation)
        initial_prompt = self.add_documentation_to_prompt(initial_prompt, doc_list, max_tokens=self.max_tokens)
        initial_prompt += (
            "===Response Guidelines \n"
            "1. If the context is sufficient, answer with a valid SQL query only. \n"
            "2. If a specific string is needed, answer with an intermediate_sql query. \n"
            "3. If the context is insufficient, say why. \n"
            f"4. The SQL must be {self.dialect}-compliant. \n"
        )
        message_log = [self.system_message(initial_prompt)]
        for example in question_sql_list:
            if example is not None and "question" in example and "sql" in example:
                message_log.append(self.user_message(example["question"]))
                message_log.append(self.assistant_message(example["sql"]))
        message_log.append(self.user_message(question))
        return message_log

    def system_message(self, message: str):
        return {"role": "system", "content": message}

    def user_message(self, message: str):
        return {"role": "user", "content": message}

    def assistant_message(self, message: str):
        return {"role": "assistant", "content": message}

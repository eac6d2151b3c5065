"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/langchain/examples/email/mail_box.py (lines 117-133), trimmed; not the original text."""


class Mailbox:
    def get_summary_by_ai(self, email_content: str, prompt: str) -> str:
        import openai

        response = openai.chat.completions.create(
            model="gpt-3.5-turbo-0613",
            messages=[
                {"role": "system", "content": prompt},
                {"role": "user", "content": email_content},
            ],
        )
        return response.choices[0].message.content.strip()

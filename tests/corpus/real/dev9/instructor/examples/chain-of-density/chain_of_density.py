"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:examples/chain-of-density/chain_of_density.py (lines 7, 97-150), trimmed; not the original text."""

# The article opens the system prompt, ahead of ~200 tokens of fixed guidelines; every
# step of one article sends the same system prompt.
import instructor
from openai import OpenAI

client = instructor.from_openai(OpenAI())


def summarize_article(article: str, summary_steps: int = 3):
    summary_chain = []
    for _i in range(summary_steps):
        new_summary = client.chat.completions.create(
            model="gpt-4-0613",
            messages=[
                {
                    "role": "system",
                    "content": f"""
                Article: {article}
                You are going to generate an increasingly concise, entity-dense summary of the article.

                Perform the following two tasks
                - Identify 1-3 informative entities missing from the previous summary
                - Write a new denser summary of identical length covering every entity of the previous one
                """,
                },
                {"role": "user", "content": f"Here is the previous summary: {summary_chain[-1] if summary_chain else ''}"},
            ],
            max_retries=5,
        )
        summary_chain.append(new_summary.summary)
    return summary_chain

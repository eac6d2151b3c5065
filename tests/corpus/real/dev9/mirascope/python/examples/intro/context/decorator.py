"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/examples/intro/context/decorator.py (lines 4-24), trimmed; not the original text."""

# ctx.deps is the application's dependency object: the same library for every request.
from mirascope import llm


class Library:
    available_books: list[str]
    detailed_book_info: dict[str, str]


@llm.tool()
def get_book_info(ctx: llm.Context[Library], book: str) -> str:
    return ctx.deps.detailed_book_info.get(book, "Book not found")


@llm.call("openai/gpt-5", tools=[get_book_info])
def librarian(ctx: llm.Context[Library], query: str):
    book_list = "\n".join(ctx.deps.available_books)
    return [
        llm.messages.system(f"You are a librarian, with access to these books: ${book_list}"),
        llm.messages.user(query),
    ]

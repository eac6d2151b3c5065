"""The Python front end's analysis: where prompts are built and what lands in the prefix."""

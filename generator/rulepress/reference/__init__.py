"""The project's own reference pages, made from the code: the content format (the model's fields), the
layout language and the command line (`pages`, `layouts`). `python -m rulepress.reference` writes them into
docs/ as complete Markdown (committed, and carried in the wheel as rulepress/docs/); a test fails when they
are stale. They read everything below them (the command line's parser too), so they sit on top.
"""

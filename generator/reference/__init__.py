"""The project's own reference pages, made from the code: the content format (the model's fields), the
layout language and the command line (`pages`, `layouts`). docs/_ext/rulepress_docs.py calls them when
Sphinx builds docs/. They read everything below them (the command line's parser too), so they sit on top.
"""

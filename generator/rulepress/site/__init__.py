"""The rules website: MyST sources generated from the content, built with Sphinx.

`sources` turns the content model into MyST pages through Jinja templates,
`rules_myst` rewrites a game's rule text for Sphinx, `search` adds hidden
search words (glossary keywords, compound parts, rule ids), `sphinx_run`
builds one language in-process, and `sphinx_ext` adds the language switcher.
`rulepress.render.site` plans the artifacts.
"""

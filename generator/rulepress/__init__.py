"""Rulepress: one content model per game, rendered to print-and-play PDFs, boards,
quick references, a rules website, and checked by executable examples."""

__version__ = "0.1.0"

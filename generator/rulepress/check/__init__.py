"""Checkers: read the same model as the renderers and report problems (content, examples, translations)."""

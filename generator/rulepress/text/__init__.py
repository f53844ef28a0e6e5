"""Text: bundled fonts, Markdown to ReportLab markup, fitting text into boxes, glyph coverage."""

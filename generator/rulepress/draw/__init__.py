"""The drawing library: what the renderers paint with, below every renderer.

PDF canvases and their print settings (`pdf`, `pdfx`, `pdfstreams`, `lowink`), the faces of cards, tiles
and pieces (`face`, `elements`, `painter`, `piece_face`, `cardjobs`, `piecejobs`), pictures (`pictures`,
`examplepictures`), boards (`boardpaint`), flow diagrams and quick-reference panels (`flow`, `panels`),
booklets and rulebook passes (`booklet`, `passes`, `destinations`), print-shop files (`shops`, `shoppdf`)
and credits. A renderer (`rulepress.render`) plans its artifacts and writes them with these modules; no
module here imports a renderer, and no renderer imports another (the import contracts in pyproject.toml).
"""

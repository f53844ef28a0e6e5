"""Pure geometry in millimetres (no ReportLab): paper, card grids, bleed and crop
marks, duplex mirroring, board tiling, n-up panels."""

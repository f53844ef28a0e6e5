"""Allows `python -m generator`, the same as the `rulepress` command."""

from generator.cli import main

raise SystemExit(main())

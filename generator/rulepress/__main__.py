"""Allows `python -m rulepress`, the same as the `rulepress` command."""

from rulepress.cli import main

raise SystemExit(main())

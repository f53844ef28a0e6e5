"""Commands that stand on the whole build: `rulepress check content` (everything a build would reject)
and `rulepress upgrade` (content of an earlier format moved to the current one). The other commands
live with what they run (`rulepress.build`, the check modules, `rulepress.scaffold`); `rulepress.cli`
parses the command line and calls them.
"""

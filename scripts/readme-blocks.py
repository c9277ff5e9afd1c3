#!/usr/bin/env python3
"""Prints the first fenced code block of one language from a Markdown file.

    python3 scripts/readme-blocks.py README.md nginx      # the README's nginx example

The release bundle's reverse-proxy examples come from the README this way, so the two never
differ. Exits 1 when the file has no such block.
"""
import sys

path, language = sys.argv[1], sys.argv[2]
inside, lines = False, []
for line in open(path, encoding="utf-8"):
    if not inside and line.strip() == "```" + language:
        inside = True
    elif inside and line.strip() == "```":
        sys.stdout.write("".join(lines))
        sys.exit(0)
    elif inside:
        lines.append(line)
print(f"readme-blocks: no ```{language} block in {path}", file=sys.stderr)
sys.exit(1)

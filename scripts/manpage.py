#!/usr/bin/env python3
"""Man pages for a swift-argument-parser tool, from its `--experimental-dump-help` JSON.

    python3 scripts/manpage.py [--version V] [--date YYYY-MM-DD] --out DIR BINARY

Writes one page per command into DIR, as git does: `vitals.1` (the overview, every command
listed), `vitals-user-add.1` and so on, each with NAME, SYNOPSIS, DESCRIPTION (the command's
discussion), OPTIONS (every argument, option and flag with its help), SUBCOMMANDS and SEE ALSO.
The help texts are the ones `vitals COMMAND --help` prints, so the pages never drift from them.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys


def roff(text):
    """Escapes text for roff: backslashes, and a leading dot or quote on a line."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """The text's paragraphs as roff, separated by .PP."""
    blocks = [block.strip() for block in (text or "").split("\n\n") if block.strip()]
    return "\n.PP\n".join(roff(" ".join(block.split())) for block in blocks)


def argument_label(argument):
    names = argument.get("names") or []
    value = argument.get("valueName")
    if argument["kind"] == "positional":
        return "\\fI" + roff(value or "value") + "\\fR" + ("..." if argument.get("isRepeating") else "")
    spelled = []
    for name in names:
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}.get(name["kind"], "--")
        spelled.append("\\fB" + roff(prefix + name["name"]) + "\\fR")
    label = ", ".join(spelled)
    if argument["kind"] == "option":
        label += " \\fI" + roff(value or "value") + "\\fR"
    return label


def synopsis(path, command):
    parts = ["\\fB" + roff(" ".join(path)) + "\\fR"]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        label = argument_label(argument)
        parts.append(label if not argument.get("isOptional") else "[" + label + "]")
    if command.get("subcommands"):
        parts.append("\\fIsubcommand\\fR")
    return " ".join(parts)


def page(path, command, version, date):
    name = "-".join(path)
    title = name.upper()
    out = [f'.TH "{roff(title)}" "1" "{date}" "vitals {roff(version)}" "Vitals Manual"',
           ".SH NAME", f"{roff(name)} \\- {roff(command.get('abstract') or '')}",
           ".SH SYNOPSIS", synopsis(path, command)]
    if command.get("discussion"):
        out += [".SH DESCRIPTION", paragraphs(command["discussion"])]
    arguments = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)]
    if arguments:
        out.append(".SH OPTIONS")
        for argument in arguments:
            out += [".TP", argument_label(argument)]
            text = paragraphs(" ".join(filter(None, [argument.get("abstract"), argument.get("discussion")])))
            if argument.get("defaultValue") not in (None, ""):
                text += " (default: " + roff(str(argument["defaultValue"])) + ")"
            out.append(text or "")
    subcommands = [s for s in command.get("subcommands", []) if s.get("shouldDisplay", True)]
    if subcommands:
        out.append(".SH SUBCOMMANDS")
        for sub in subcommands:
            out += [".TP", "\\fB" + roff(sub["commandName"]) + "\\fR", paragraphs(sub.get("abstract") or "")]
    related = [path[:-1]] if len(path) > 1 else []
    related += [path + [s["commandName"]] for s in subcommands]
    if related:
        out += [".SH SEE ALSO", ", ".join("\\fB" + roff("-".join(p)) + "\\fR(1)" for p in related)]
    return "\n".join(out) + "\n"


def walk(path, command, version, date, folder, written):
    with open(os.path.join(folder, "-".join(path) + ".1"), "w", encoding="utf-8") as file:
        file.write(page(path, command, version, date))
    written.append("-".join(path))
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True):
            walk(path + [sub["commandName"]], sub, version, date, folder, written)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--out", required=True)
    parser.add_argument("--version", default="")
    parser.add_argument("--date", default=datetime.date.today().isoformat())
    options = parser.parse_args()
    dump = subprocess.run([options.binary, "--experimental-dump-help"], check=True, capture_output=True).stdout
    root = json.loads(dump)["command"]
    os.makedirs(options.out, exist_ok=True)
    written = []
    walk([root["commandName"]], root, options.version, options.date, options.out, written)
    print(f"manpage: {len(written)} pages in {options.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Reads CSV files with Python's csv module, as pandas users would: prints {file name: [row dicts]} as JSON."""
import csv
import json
import os
import sys

tables = {}
for path in sys.argv[1:]:
    with open(path, newline="", encoding="utf-8") as handle:
        tables[os.path.basename(path)] = list(csv.DictReader(handle))
print(json.dumps(tables, sort_keys=True))

#!/usr/bin/env python3
"""Generate Sources/BLECore/AssignedNumbers/AssignedNumbers+Generated.swift from data/assigned-numbers/*.csv.

Usage (from anywhere; paths are relative to the repository root):

    python3 scripts/generate-assigned-numbers.py            # write the Swift file
    python3 scripts/generate-assigned-numbers.py --check    # exit 1 if the Swift file is out of date
    python3 scripts/generate-assigned-numbers.py --output PATH

Python 3 standard library only. Each table becomes two Swift literals: a sorted `[UInt16]` of keys
and one multi-line string holding the names, one per line, in the same order. Integer arrays and a
single string literal type-check in milliseconds, where large dictionary or tuple literals would
slow the compiler down; `AssignedNameTable` looks names up by binary search.
"""

import argparse
import csv
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "assigned-numbers"
OUTPUT = ROOT / "Sources" / "BLECore" / "AssignedNumbers" / "AssignedNumbers+Generated.swift"

# (Swift property name, CSV file, what the table holds)
UUID_TABLES = [
    ("services", "services.csv", "GATT services (16-bit UUIDs)"),
    ("characteristics", "characteristics.csv", "GATT characteristics (16-bit UUIDs)"),
    ("descriptors", "descriptors.csv", "GATT descriptors (16-bit UUIDs)"),
    ("declarations", "declarations.csv", "GATT attribute types: service, include and characteristic declarations"),
    ("units", "units.csv", "units, as used in the Characteristic Presentation Format descriptor"),
    ("memberServices", "member-uuids.csv", "16-bit UUIDs assigned to SIG members and standards bodies"),
    ("companies", "company-identifiers.csv", "company identifiers (manufacturer-specific data, LMP, Device ID)"),
]


def read_rows(name):
    path = DATA / name
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], [row for row in rows[1:] if row]
    return header, body


def parse_hex(text, where, limit=0xFFFF):
    try:
        value = int(text, 16)
    except ValueError:
        sys.exit(f"{where}: '{text}' is not a hexadecimal number")
    if not 0 <= value <= limit:
        sys.exit(f"{where}: {text} is out of range")
    return value


def check_name(name, where):
    if not name or name != name.strip():
        sys.exit(f"{where}: empty name or surrounding spaces: {name!r}")
    if any(ord(ch) < 0x20 for ch in name):
        sys.exit(f"{where}: control character in {name!r}")
    return name


def load_uuid_table(file_name):
    header, body = read_rows(file_name)
    if len(header) != 2:
        sys.exit(f"{file_name}: expected two columns, found {header}")
    entries = {}
    for line, row in enumerate(body, start=2):
        where = f"{file_name}:{line}"
        if len(row) != 2:
            sys.exit(f"{where}: expected two fields, found {row}")
        key = parse_hex(row[0], where)
        if key in entries:
            sys.exit(f"{where}: duplicate key {row[0]}")
        entries[key] = check_name(row[1], where)
    return sorted(entries.items())


def load_appearance():
    header, body = read_rows("appearance.csv")
    if header != ["category", "subcategory", "name"]:
        sys.exit(f"appearance.csv: unexpected header {header}")
    entries = {}
    categories = set()
    for line, row in enumerate(body, start=2):
        where = f"appearance.csv:{line}"
        if len(row) != 3:
            sys.exit(f"{where}: expected three fields, found {row}")
        category = parse_hex(row[0], where, limit=0x3FF)
        subcategory = parse_hex(row[1], where, limit=0x3F) if row[1] else 0
        if row[1] and subcategory == 0:
            sys.exit(f"{where}: subcategory 0 is the category row itself; leave the field empty")
        if not row[1]:
            categories.add(category)
        elif category not in categories:
            sys.exit(f"{where}: subcategory before its category row")
        key = category << 6 | subcategory
        if key in entries:
            sys.exit(f"{where}: duplicate appearance {key:#06x}")
        entries[key] = check_name(row[2], where)
    return sorted(entries.items())


def swift_string_line(name):
    # Escape everything a multi-line string literal could misread.
    return name.replace("\\", "\\\\").replace('"', '\\"')


def emit_table(lines, prop, description, entries, key_doc):
    lines.append(f"    /// {description[0].upper()}{description[1:]}: {len(entries)} entries, {key_doc}.")
    lines.append(f"    static let {prop} = AssignedNameTable(")
    lines.append("        keys: [")
    for start in range(0, len(entries), 10):
        chunk = entries[start:start + 10]
        lines.append("            " + " ".join(f"0x{key:04X}," for key, _ in chunk))
    lines.append("        ],")
    lines.append('        names: """')
    for _, name in entries:
        lines.append("            " + swift_string_line(name))
    lines.append('            """')
    lines.append("    )")
    lines.append("")


def render():
    lines = [
        "// generated — do not edit; run scripts/generate-assigned-numbers.py",
        "//",
        "// Source data: data/assigned-numbers/*.csv (provenance in data/assigned-numbers/sources.md).",
        "// Each table is a sorted list of keys and a string with one name per line, in key order.",
        "",
        "extension AssignedNumbers {",
    ]
    for prop, file_name, description in UUID_TABLES:
        key_doc = "keyed by company identifier" if prop == "companies" else (
            "keyed by unit UUID" if prop == "units" else "keyed by 16-bit UUID")
        emit_table(lines, prop, description, load_uuid_table(file_name), key_doc)
    emit_table(lines, "appearances", "appearance categories and subcategories",
               load_appearance(), "keyed by appearance value (category << 6 | subcategory)")
    if lines[-1] == "":
        lines.pop()
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=pathlib.Path, default=OUTPUT, help="where to write the Swift file")
    parser.add_argument("--check", action="store_true", help="fail if the output file is not up to date")
    arguments = parser.parse_args()
    text = render()
    if arguments.check:
        current = arguments.output.read_text(encoding="utf-8") if arguments.output.exists() else ""
        if current != text:
            print(f"{arguments.output} is out of date; run scripts/generate-assigned-numbers.py", file=sys.stderr)
            return 1
        print(f"{arguments.output} is up to date")
        return 0
    arguments.output.parent.mkdir(parents=True, exist_ok=True)
    arguments.output.write_text(text, encoding="utf-8")
    print(f"wrote {arguments.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

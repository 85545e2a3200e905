#!/usr/bin/env python3
"""Prints, one per line, the linker input sections of the code a callgrind profile saw run in one
executable, in the order the profile first names that code: the executable's code layout for
gold's --section-ordering-file (scripts/make-order-file writes scripts/nightlight.order with it).

Usage: order-sections.py CALLGRIND_OUT OBJECT_PATH LINK_MAP
       order-sections.py --faults PERF_SCRIPT OBJECT_PATH LINK_MAP
  CALLGRIND_OUT  a callgrind.out file written with --demangle=no
  OBJECT_PATH    the executable whose code to print, as callgrind (or perf) names it
  LINK_MAP       gold's map of that executable's link (-Map): where each input section went
  --faults       instead of a profile, the page faults of a run at full speed
                 (`perf record -e page-faults -c 1 -d`, then `perf script -F ip,addr,dso
                 --show-mmap-events`): the sections of the code whose first run faulted (an
                 instruction fetch: the faulting address is the instruction pointer)

The profile names functions by symbol, code without a symbol (private functions) by address, and
recursion levels with a 'N suffix; the link map turns each into the section that holds it, so
code is moved whether or not it has a name.
"""

import bisect
import re
import subprocess
import sys

SPEC = re.compile(r'^(ob|fn|cob|cfn)=(?:\((\d+)\))?\s*(.*)$')
SECTION = re.compile(r'^ (\.text\S*)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+\S.*)?$')
PLACEMENT = re.compile(r'^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+\S')


def profiled_code(lines, wanted):
    """The functions (names or 0x addresses) of object `wanted` in callgrind output `lines`."""
    objects, names = {}, {}          # name compression: ids to object paths and function names
    current_object = called_object = None
    seen, ordered = set(), []

    def resolve(table, key, text):
        if key is not None and text:
            table[key] = text
            return text
        return table.get(key) if key is not None else (text or None)

    def note(obj, name):
        if obj == wanted and name:
            name = re.sub(r"'\d+$", '', name)
            if name not in seen:
                seen.add(name)
                ordered.append(name)

    for line in lines:
        match = SPEC.match(line.rstrip('\n'))
        if not match:
            continue
        kind, key, text = match.groups()
        if kind == 'ob':
            current_object = resolve(objects, key, text)
        elif kind == 'cob':
            called_object = resolve(objects, key, text)
        elif kind == 'fn':
            called_object = None
            note(current_object, resolve(names, key, text))
        else:  # cfn: the callee's object is the cob= just before it, else the caller's
            note(called_object or current_object, resolve(names, key, text))
            called_object = None
    return ordered


def fetch_faults(lines, wanted):
    """The addresses (in the file's layout) of the instruction fetches that faulted in `wanted`,
    from `perf script -F ip,addr,dso --show-mmap-events` output."""
    base, addresses = None, []
    mapping = re.compile(r'\[(0x[0-9a-f]+)\(0x[0-9a-f]+\) @ (0x[0-9a-f]+|0) .*\]: r-xp (\S+)\s*$')
    fault = re.compile(r'^\s*([0-9a-f]+)\s+\((.*?)\)\s+([0-9a-f]+)\s+\(')
    for line in lines:
        if 'PERF_RECORD_MMAP' in line:
            match = mapping.search(line)
            if match and match.group(3) == wanted:
                base = int(match.group(1), 16) - int(match.group(2), 16)
            continue
        match = fault.match(line)
        if match and base is not None and match.group(2) == wanted and match.group(1) == match.group(3):
            addresses.append(int(match.group(1), 16) - base)
    return addresses


def text_sections(lines):
    """(address, size, name) of every non-empty .text input section in a gold link map."""
    sections, pending = [], None
    for line in lines:
        line = line.rstrip('\n')
        match = SECTION.match(line)
        if match:
            name, address, size = match.groups()
            if address is None:
                pending = name
            else:
                pending = None
                if int(size, 16):
                    sections.append((int(address, 16), int(size, 16), name))
            continue
        if pending:
            placement = PLACEMENT.match(line)
            if placement and int(placement.group(2), 16):
                sections.append((int(placement.group(1), 16), int(placement.group(2), 16), pending))
            pending = None
    return sorted(sections)


def symbol_addresses(path):
    """Function symbol name → address in the executable (its symbol table)."""
    output = subprocess.run(['nm', '--defined-only', path], capture_output=True, text=True, check=True).stdout
    addresses = {}
    for line in output.splitlines():
        parts = line.split(' ', 2)
        if len(parts) == 3 and parts[1] in 'tTwW':
            addresses.setdefault(parts[2], int(parts[0], 16))
    return addresses


def main():
    faults = len(sys.argv) == 5 and sys.argv[1] == '--faults'
    if len(sys.argv) != 4 and not faults:
        sys.exit(__doc__.strip())
    profile, wanted, link_map = sys.argv[2:5] if faults else sys.argv[1:4]
    try:
        with open(profile, errors='replace') as file:
            code = fetch_faults(file, wanted) if faults else profiled_code(file, wanted)
        with open(link_map, errors='replace') as file:
            sections = text_sections(file)
        addresses = {} if faults else symbol_addresses(wanted)
    except OSError as error:
        sys.exit(f'error: cannot read {error.filename}: {error.strerror}')
    except subprocess.CalledProcessError as error:
        sys.exit(f'error: nm could not read the symbols of {wanted}: {error.stderr.strip()}')
    if not code and not faults:
        sys.exit(f'error: the profile {profile} names no code of {wanted} '
                 '(was it written with --demangle=no, for that executable?)')
    starts = [start for start, _, _ in sections]
    printed = set()
    for name in code:
        if isinstance(name, int):
            address = name
        else:
            address = int(name, 16) if name.startswith('0x') else addresses.get(name)
        if address is None:
            continue
        index = bisect.bisect_right(starts, address) - 1
        if index < 0:
            continue
        start, size, section = sections[index]
        # .text itself (objects built without function sections) cannot be moved piece by piece
        if start <= address < start + size and section != '.text' and section not in printed:
            printed.add(section)
            print(section)


if __name__ == '__main__':
    main()

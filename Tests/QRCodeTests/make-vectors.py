#!/usr/bin/env python3
"""Writes Fixtures/vectors.json: QR Code matrices made by Python's `qrcode` package (an encoder
that is not ours), for QRCodeTests to compare ours with.

Run once (the file is committed): .venv/bin/pip install qrcode==8.2 && .venv/bin/python
Tests/QRCodeTests/make-vectors.py

- "fixed": versions 1–40, the level and mask turning with the version, the bytes filling the
  version to its capacity (so the version is the smallest that holds them, and the next byte
  would need the next version);
- "chosen": short texts at each level with the mask of the lowest penalty, computed by
  qrcode.util.lost_point over the complete symbol (format information drawn) for each mask.
"""
import json
import os

import qrcode
from qrcode import util
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q

LEVELS = {"L": ERROR_CORRECT_L, "M": ERROR_CORRECT_M, "Q": ERROR_CORRECT_Q, "H": ERROR_CORRECT_H}


def matrix(data, level, version, mask):
    code = qrcode.QRCode(version=version, error_correction=LEVELS[level], mask_pattern=mask, border=0)
    code.add_data(util.QRData(data, mode=util.MODE_8BIT_BYTE))
    code.make(fit=version is None)
    return code.modules, code.version


def rows_hex(modules):
    rows = []
    for row in modules:
        bits = "".join("1" if m else "0" for m in row)
        bits += "0" * (-len(bits) % 4)
        rows.append("%0*x" % (len(bits) // 4, int(bits, 2)))
    return rows


def capacity(version, level):
    bits = util.BIT_LIMIT_TABLE[LEVELS[level]][version] - 4 - util.length_in_bits(util.MODE_8BIT_BYTE, version)
    return bits // 8


fixed = []
for version in range(1, 41):
    level = "LMQH"[version % 4]
    mask = version % 8
    count = capacity(version, level)
    data = bytes((index * 37 + version * 11) % 256 for index in range(count))
    modules, fitted = matrix(data, level, None, mask)
    assert fitted == version, (version, fitted)
    fixed.append({"bytes": data.hex(), "level": level, "mask": mask, "version": fitted, "capacity": count, "rows": rows_hex(modules)})

chosen = []
texts = ["HELLO WORLD", "https://example.com/", "http://192.168.1.20:8080/invite/" + "0123456789abcdef" * 2, "Nightlight", "a", "1234567890" * 7]
for text in texts:
    for level in "LMQH":
        data = text.encode()
        penalties = []
        for mask in range(8):
            modules, fitted = matrix(data, level, None, mask)
            penalties.append(util.lost_point(modules))
        best = min(range(8), key=lambda m: (penalties[m], m))
        modules, fitted = matrix(data, level, None, best)
        chosen.append({"text": text, "level": level, "mask": best, "version": fitted, "penalties": penalties, "rows": rows_hex(modules)})

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Fixtures", "vectors.json"), "w") as out:
    json.dump({"generator": "qrcode " + __import__("importlib.metadata").metadata.version("qrcode"), "fixed": fixed, "chosen": chosen}, out, indent=0)
    out.write("\n")

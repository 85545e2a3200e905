#!/usr/bin/env python3
"""Pairs a nightlight through a running dashboard's API (POST /api/devices/pair), as the
benchmark (Benchmarks/run-dashboard) and the code-layout profile (scripts/make-order-file) do
before their load.

Usage: pair_device.py BASE_URL TOKEN ADDRESS [TIMEOUT_SECONDS]   (default 30 s)
"""

import json
import sys
import urllib.error
import urllib.request


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.strip())
    base, token, address = sys.argv[1:4]
    timeout = float(sys.argv[4]) if len(sys.argv) == 5 else 30
    request = urllib.request.Request(f"{base.rstrip('/')}/api/devices/pair", data=json.dumps({"address": address}).encode(),
                                     method="POST", headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=timeout).read()
    except (urllib.error.URLError, OSError) as error:
        sys.exit(f"error: pairing {address} through {base} failed: {error}")


if __name__ == '__main__':
    main()

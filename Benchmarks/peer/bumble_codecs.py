"""The peer's side of the codec benchmarks: Bumble parsing the same inputs as BLEBenchmarks.

Prints one JSON object per benchmark, in the same shape as ours.
Usage: python bumble_codecs.py samples.json [seconds per benchmark]
"""
import json
import sys
import time

from bumble.att import ATT_PDU
from bumble.core import AdvertisingData


def run(name, seconds, batch, body):
    for _ in range(200):
        body()
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            body()
        iterations += 20
    elapsed = time.perf_counter() - start
    operations = iterations * batch
    print(json.dumps({"name": name, "operations": operations, "seconds": elapsed,
                      "nsPerOperation": elapsed * 1e9 / operations}))


def main():
    samples = json.load(open(sys.argv[1]))
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    advertising = [bytes.fromhex(v.replace(" ", "")) for _, v in sorted(samples["advertising"].items())]
    pdus = [bytes.fromhex(v.replace(" ", "")) for _, v in sorted(samples["att"].items())]

    def ad_parse():
        checksum = 0
        for data in advertising:
            ad = AdvertisingData.from_bytes(data)
            name = ad.get(AdvertisingData.COMPLETE_LOCAL_NAME) or ad.get(AdvertisingData.SHORTENED_LOCAL_NAME)
            checksum += len(name or "")
            checksum += len(ad.get_all(AdvertisingData.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS))
            checksum += len(ad.get_all(AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS))
            checksum += len(ad.get_all(AdvertisingData.MANUFACTURER_SPECIFIC_DATA))
            checksum += ad.get(AdvertisingData.TX_POWER_LEVEL) or 0
            checksum += 1 if ad.get(AdvertisingData.FLAGS) is not None else 0
        return checksum

    def att_decode():
        return sum(ATT_PDU.from_bytes(pdu).op_code for pdu in pdus)

    decoded = [ATT_PDU.from_bytes(pdu) for pdu in pdus]

    def att_encode():
        return sum(len(bytes(pdu)) for pdu in decoded)

    run("ad-parse", seconds, len(advertising), ad_parse)
    run("att-decode", seconds, len(pdus), att_decode)
    run("att-encode", seconds, len(decoded), att_encode)


if __name__ == "__main__":
    main()

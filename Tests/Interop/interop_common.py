"""Shared pieces of Nightlight's Bumble interop scripts: UUIDs, JSON events, stdin commands.

The Swift harness (Sources/BLETesting/BumbleHarness.swift) reads the JSON lines these scripts
print on stdout and may write commands, one per line, on their stdin; stdin reaching EOF (the
test process went away) ends the script.
"""

import asyncio
import json
import os
import sys
import threading

# The interop GATT service, shared by bumble_peripheral.py, bumble_central.py and the Swift tests.
SERVICE_UUID = '4E4C0001-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
READ_UUID = '4E4C0002-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
LONG_UUID = '4E4C0003-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
WRITE_COMMAND_UUID = '4E4C0004-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
NOTIFY_UUID = '4E4C0005-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
INDICATE_UUID = '4E4C0006-7A5A-4B3C-9D1E-0F1A2B3C4D5E'

READ_VALUE = b'hello from bumble'
LONG_VALUE = bytes(i % 251 for i in range(300))


def emit(event, **fields):
    """Prints one JSON event line, flushed."""
    fields = {'event': event, **fields}
    print(json.dumps(fields), flush=True)


def commands(loop):
    """An asyncio.Queue of stdin lines; EOF (the parent closed it, or died) ends the process.

    Not PR_SET_PDEATHSIG: it fires when the parent *thread* that spawned us exits, and the
    Swift test spawns from a pool thread that may come and go.
    """
    queue = asyncio.Queue()

    def reader():
        try:
            for line in sys.stdin:
                loop.call_soon_threadsafe(queue.put_nowait, line.strip())
        except Exception:
            pass
        os._exit(0)

    threading.Thread(target=reader, daemon=True).start()
    return queue


async def serve_commands(queue, handlers, disconnected):
    """Runs the stdin commands of `queue` until the future `disconnected` (the reason) is done,
    then reports `disconnected {reason}`.

    A line `VERB ARGUMENT` awaits `handlers[VERB](ARGUMENT)`; an unknown verb or a handler's
    exception is reported as an `error` event and the next line is served.
    """

    async def serve():
        while True:
            line = await queue.get()
            verb, _, argument = line.partition(' ')
            try:
                if verb in handlers:
                    await handlers[verb](argument)
                elif verb:
                    emit('error', message=f'unknown command {line!r}')
            except Exception as error:
                emit('error', message=f'{verb}: {error!r}')

    server = asyncio.create_task(serve())
    reason = await disconnected
    server.cancel()
    emit('disconnected', reason=reason)


async def scan_for(device, describe, wanted, timeout=10):
    """Scans actively (30 ms interval and window) until an advertisement whose description
    `describe(advertisement)` satisfies `wanted`; returns (its address, the description). Raises
    asyncio.TimeoutError after `timeout` seconds."""
    found = asyncio.get_running_loop().create_future()

    def on_advertisement(advertisement):
        facts = describe(advertisement)
        if wanted(facts) and not found.done():
            found.set_result((advertisement.address, facts))

    device.on('advertisement', on_advertisement)
    await device.start_scanning(active=True, scan_interval=30, scan_window=30)
    try:
        return await asyncio.wait_for(found, timeout)
    finally:
        device.remove_listener('advertisement', on_advertisement)
        await device.stop_scanning()

#!/usr/bin/env python3
"""The peer of the dashboard benchmark: the part of the `nightlight dashboard` API that
Benchmarks/dashboard_load.py measures, done the way a typical Python hub does it: aiohttp
(one process, one asyncio loop), a bearer token checked in a middleware, the paired devices
read from SQLite on each request.

Usage: dashboard_peer.py --port P --db FILE --token T [--snapshot FILE]
Prints {"event": "ready", "origin": …} on one line once it listens (like `nightlight dashboard --json`).

What it does, as ours does (docs/dashboard-api.md):
- every request needs `Authorization: Bearer T` (or the `nightlight_token` cookie), compared in
  constant time; otherwise 401 JSON with `WWW-Authenticate: Bearer`;
- `GET /api/devices` reads the `pairedDevice` table of the SAME SQLite file ours wrote (opened
  read-only, one connection, queried on each request like ours), sorted like ours, answered in
  the same JSON shape (sorted keys, ISO 8601 dates, absent fields left out);
- `GET /api/live?address=…` checks the address (400 malformed, 404 not paired, from the database),
  upgrades to a WebSocket and sends the nightlight's current values first, one JSON text
  message each, then keeps the socket open reading until the client closes it.
What it does NOT do (so the comparison covers only the above):
- no Bluetooth: it cannot reach our simulated nightlights, so the routes that need the radio
  (status, settings, clock, pairing, …) are absent (404), and the live messages are not read from
  a nightlight: with --snapshot they are the messages our server sent first (recorded by
  dashboard_load.py --record), else built from the database row (connection + battery + power);
  no change ever follows them (ours would forward notifications);
- no cross-site checks for state-changing requests (it has none), no pages, no cookie setting.
Its memory is a Python interpreter with aiohttp; ours also holds the simulated BLE world.
"""

import argparse
import asyncio
import hmac
import json
import re
import signal
import sqlite3

from aiohttp import WSMsgType, web

ADDRESS = re.compile(r'^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$')
COOKIE = 'nightlight_token'
COLUMNS = ('address', 'deviceName', 'childName', 'pairedAt', 'lastSeen',
           'batteryLevel', 'isCharging', 'activeMode', 'firmwareVersion')


def dumps(value):
    """JSON as ours writes it: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(',', ':'), ensure_ascii=False)


def json_response(value, status=200, headers=None):
    return web.Response(text=dumps(value), status=status, headers=headers,
                        content_type='application/json', charset='utf-8')


def error(status, code, message, field=None):
    body = {'code': code, 'message': message}
    if field:
        body['field'] = field
    headers = {'WWW-Authenticate': 'Bearer'} if status == 401 else None
    return json_response({'error': body}, status, headers)


def iso8601(stored):
    """GRDB's `2026-11-22 18:39:37.463` (UTC) as ours answers it: `2026-11-22T18:39:37Z`."""
    return stored[:19].replace(' ', 'T') + 'Z'


def device_json(row):
    """A pairedDevice row as ours encodes PairedDevice: nil fields left out, booleans as JSON."""
    record = dict(zip(COLUMNS, row))
    record['pairedAt'] = iso8601(record['pairedAt'])
    record['lastSeen'] = iso8601(record['lastSeen'])
    if record['isCharging'] is not None:
        record['isCharging'] = bool(record['isCharging'])
    return {key: value for key, value in record.items() if value is not None}


class Store:
    """The paired devices, read from the database file on each call (read-only)."""

    def __init__(self, path):
        self.db = sqlite3.connect(f'file:{path}?mode=ro', uri=True, check_same_thread=False)

    def devices(self):
        rows = self.db.execute(f'SELECT {", ".join(COLUMNS)} FROM pairedDevice').fetchall()
        devices = [device_json(row) for row in rows]
        devices.sort(key=lambda d: (d['childName'].lower(), d['deviceName'].lower(), d['address'].lower()))
        return devices

    def device(self, address):
        row = self.db.execute(f'SELECT {", ".join(COLUMNS)} FROM pairedDevice WHERE address = ? COLLATE NOCASE',
                              (address,)).fetchone()
        return device_json(row) if row else None


def make_app(store, token, snapshot):
    @web.middleware
    async def authenticate(request, handler):
        header = request.headers.get('Authorization')
        if header is not None:
            scheme, _, given = header.partition(' ')
            ok = scheme.lower() == 'bearer' and hmac.compare_digest(given.strip().encode(), token.encode())
        else:
            given = request.cookies.get(COOKIE)
            ok = given is not None and hmac.compare_digest(given.encode(), token.encode())
        if not ok:
            return error(401, 'unauthorized', 'the access token is missing or wrong')
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return error(404, 'notFound', f'no route {request.method} {request.path}')

    async def devices(request):
        return json_response(store.devices())

    def current_values(device):
        """The first messages of a live socket (see the module's docstring)."""
        if snapshot:
            return snapshot
        messages = [{'type': 'connection', 'connection': 'connected'}]
        if 'batteryLevel' in device:
            messages.append({'type': 'battery', 'batteryLevel': device['batteryLevel']})
        if 'isCharging' in device:
            messages.append({'type': 'power', 'isCharging': device['isCharging']})
        return [dumps(message) for message in messages]

    async def live(request):
        address = request.query.get('address', '').strip()
        if not ADDRESS.match(address):
            return error(400, 'invalidValue', f"'{address}' is not a device address", 'address')
        device = store.device(address)
        if device is None:
            return error(404, 'deviceNotFound', f'no paired nightlight has the address {address.upper()}', 'address')
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        request.app['sockets'].add(socket)
        try:
            for message in current_values(device):
                await socket.send_str(message)
            async for message in socket:        # the page sends nothing; its end ends the feed
                if message.type == WSMsgType.ERROR:
                    break
        finally:
            request.app['sockets'].discard(socket)
        return socket

    async def close_sockets(app):
        for socket in list(app['sockets']):
            await socket.close()

    app = web.Application(middlewares=[authenticate])
    app['sockets'] = set()
    app.on_shutdown.append(close_sockets)
    app.router.add_get('/api/devices', devices)
    app.router.add_get('/api/live', live)
    return app


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--port', type=int, required=True)
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--db', required=True)
    parser.add_argument('--token', required=True)
    parser.add_argument('--snapshot', help='JSON lines: the live messages to send first')
    arguments = parser.parse_args()
    snapshot = None
    if arguments.snapshot:
        with open(arguments.snapshot) as file:
            snapshot = [line.strip() for line in file if line.strip()]
    app = make_app(Store(arguments.db), arguments.token, snapshot)
    asyncio.run(serve(app, arguments.host, arguments.port))


async def serve(app, host, port):
    """Serves until SIGTERM or SIGINT; prints the ready line once the socket listens."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    print(dumps({'event': 'ready', 'origin': f'http://{host}:{port}'}), flush=True)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    await stop.wait()
    await runner.cleanup()


if __name__ == '__main__':
    main()

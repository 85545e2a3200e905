#!/usr/bin/env python3
"""A Bumble central that drives a Smart Nightlight through its GATT profile (shared/SN-PROFILE.md).

Usage: bumble_sn_central.py TRANSPORT RANDOM_ADDRESS [--security-only]
  e.g. bumble_sn_central.py tcp-client:127.0.0.1:40123 C3:4E:4C:0C:00:03

Security (§9): the SN's settings need a link encrypted with a bonded key, so after discovery the
central pairs (LE Secure Connections, Just Works, bonding; keys in memory) and reports `paired`
or `pairing_failed {reason}` (the Pairing Failed reason). With --security-only it neither pairs
nor runs the scenario below: it connects, discovers and waits for commands.

Scans actively for a SN (the LED Service UUID in the advertising data; its name from the scan
response) and reports what it advertises (§1); connects and keeps ATT_MTU at 23 (Bumble's server
offers no more, and the central asks for no more), so that a Week Schedule goes as a prepared write;
reads Current Time (not set at the factory), subscribes to Active State, writes Local Time
Information and Current Time (§3: Monday 2025-01-06 19:59:CLOCK_SECOND), then writes WEEK_SCHEDULE
(§6.1: Monday 20:00-21:00 in PERIOD_COLOR) with Prepare Write Requests and an Execute Write, which
it sends itself and checks (each response echoes its request). Active State notifications are
reported as they arrive, with the milliseconds since the clock was written.

Events (JSON lines, values in hex): ready {address}; advertisement {address, name, connectable,
services, advertising_data, scan_response_data, company, version, battery, status, mode}; connected
{peer}; mtu {mtu}; read {uuid, value}; wrote {uuid, value}; clock {local_time, weekday, second};
subscribed {uuid}; prepared_write {uuid, value, parts: [{offset, length}], executed};
write_error {uuid, value, error, request (the ATT opcode answered with the error)};
notification {uuid, value, mode, colors, elapsed_ms (since the clock write)}; paired {encrypted};
pairing_failed {reason}; probe {uuid, value, error (the ATT error, or null)}; encrypted {}; disconnected {reason}; error {message}.
Commands (stdin lines): `invalid-schedule` (writes INVALID_SCHEDULE, overlapping periods, then
reads back Week Schedule and Active State), `scan` (reports the SN's advertisement again),
`read UUID`, `probe UUID` (a read that reports its value or its ATT error), `pair`, `encrypt`
(with the bond's key), `reconnect` (disconnects and connects again, unencrypted, then
`connected`), `disconnect`. Stdin reaching EOF ends the script.
"""

import asyncio
import datetime
import struct
import sys
import time

from bumble import att
from bumble.core import UUID, AdvertisingData, ProtocolError
from bumble.device import Device, Peer
from bumble.hci import Address
from bumble.keys import MemoryKeyStore
from bumble.pairing import PairingConfig, PairingDelegate
from bumble.transport import open_transport

from interop_common import commands, emit, scan_for, serve_commands


def sn_uuid(short):
    """The SN's 128-bit UUID `7A5Axxxx-D04B-48EB-B3FA-32EB4F0FFAC4` (§4)."""
    return f'7A5A{short:04X}-D04B-48EB-B3FA-32EB4F0FFAC4'


LED_SERVICE_UUID = sn_uuid(0x0000)
ACTIVE_STATE_UUID = sn_uuid(0x0020)
WEEK_SCHEDULE_UUID = sn_uuid(0x0202)
CURRENT_TIME_UUID = '2A2B'
LOCAL_TIME_INFORMATION_UUID = '2A0F'
BATTERY_LEVEL_UUID = '2A19'

# §1: company 0xFFFF (test/unregistered).
COMPANY_ID = 0xFFFF
# §3: the local time written, a Monday; 19:59:CLOCK_SECOND, so the period at 20:00 begins soon after.
CLOCK_DATE = datetime.date(2025, 1, 6)
CLOCK_SECOND = 57
# §3: UTC+1 (4 × 15 minutes), no daylight saving.
LOCAL_TIME_INFORMATION = bytes([4, 0])
PERIOD_COLOR = bytes([0x30, 0x90, 0xF0])
MONDAY, REST_OF_WEEK = 0x01, 0x7E


def period(start, end, color, fade=0):
    """A §6.1 period: start and end minute u16, R G B, fade minutes."""
    return struct.pack('<HH', start, end) + color + bytes([fade])


def group(name, days, periods):
    """A §6.1 group: name, days bitmask, periods."""
    encoded = name.encode()
    return bytes([len(encoded)]) + encoded + bytes([days, len(periods)]) + b''.join(periods)


def week_schedule(name, groups):
    """A §6.1 Week Schedule blob, format version 1."""
    encoded = name.encode()
    return bytes([1, len(encoded)]) + encoded + bytes([len(groups)]) + b''.join(groups)


# Monday 20:00-21:00 in PERIOD_COLOR without fade; nothing on the other days. 44 bytes.
WEEK_SCHEDULE = week_schedule('Bumble week', [
    group('Monday', MONDAY, [period(1200, 1260, PERIOD_COLOR)]),
    group('Other days', REST_OF_WEEK, []),
])
# Invalid (§6.1): Monday's periods 20:00-21:00 and 20:30-22:00 overlap.
INVALID_SCHEDULE = week_schedule('Overlapping', [
    group('Monday', MONDAY, [period(1200, 1260, PERIOD_COLOR), period(1230, 1320, PERIOD_COLOR)]),
    group('Other days', REST_OF_WEEK, []),
])


def current_time(date, hours, minutes, seconds):
    """The 10-byte Current Time (§3): year u16, month, day, hours, minutes, seconds, day of week
    (1 = Monday), fractions256 0, adjust reason bit0 (manual update)."""
    return struct.pack('<HBBBBBBBB', date.year, date.month, date.day, hours, minutes, seconds,
                       date.isoweekday(), 0, 0x01)


def advertisement_facts(advertisement):
    """What a SN advertises (§1), from an active scan's merged advertisement + scan response."""
    data = advertisement.data
    name = data.get(AdvertisingData.COMPLETE_LOCAL_NAME)
    services = [
        uuid.to_hex_str('-').upper()
        for uuid in data.get(AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS) or []
    ]
    scan_response = bytes(advertisement.data_bytes)
    merged = bytes(data)
    facts = {
        'address': str(advertisement.address),
        'name': name if isinstance(name, str) or name is None else bytes(name).decode(errors='replace'),
        'connectable': bool(advertisement.is_connectable),
        'services': services,
        'advertising_data': merged[:len(merged) - len(scan_response)].hex(),
        'scan_response_data': scan_response.hex(),
    }
    manufacturer = data.get(AdvertisingData.MANUFACTURER_SPECIFIC_DATA)
    if manufacturer is not None:
        company, payload = manufacturer
        facts['company'] = company
        if len(payload) == 4:
            facts.update(version=payload[0], battery=payload[1], status=payload[2], mode=payload[3])
    return facts


def is_sn(facts):
    """A connectable SN: it advertises a name and the LED service."""
    return LED_SERVICE_UUID in facts['services'] and bool(facts['name']) and facts['connectable']


async def prepared_write(client, handle, value):
    """Writes `value` with Prepare Write Requests of ATT_MTU - 5 bytes and an Execute Write
    (Core 5.4, Vol 3, Part F, 3.4.6), checking that each Prepare Write Response echoes its request.

    Returns the parts [{offset, length}]; raises att.ATT_Error (with the opcode answered with the
    error in `request`) when the server refuses a part or the execution.
    """
    parts = []
    size = client.mtu - 5
    for offset in range(0, len(value), size):
        part = value[offset:offset + size]
        response = await client.send_request(att.ATT_Prepare_Write_Request(
            attribute_handle=handle, value_offset=offset, part_attribute_value=part))
        if response.op_code == att.Opcode.ATT_ERROR_RESPONSE:
            await client.send_request(att.ATT_Execute_Write_Request(flags=0x00))
            raise refused(response)
        echoed = (response.attribute_handle, response.value_offset, bytes(response.part_attribute_value))
        if echoed != (handle, offset, part):
            raise RuntimeError(f'Prepare Write Response {response} does not echo the request at offset {offset}')
        parts.append({'offset': offset, 'length': len(part)})
    response = await client.send_request(att.ATT_Execute_Write_Request(flags=0x01))
    if response.op_code == att.Opcode.ATT_ERROR_RESPONSE:
        raise refused(response)
    return parts


def refused(response):
    """An ATT_Error for an Error Response, naming the request it answers."""
    error = att.ATT_Error(error_code=response.error_code, message=response)
    error.request = int(response.request_opcode_in_error)
    return error


async def main(transport_spec, address, security_only=False):
    loop = asyncio.get_running_loop()
    queue = commands(loop)
    async with await open_transport(transport_spec) as (source, sink):
        device = Device.with_hci('BumbleSNCentral', Address(address), source, sink)
        # Were the SN to exchange MTUs, Bumble's server would keep 23.
        device.gatt_server.max_mtu = att.ATT_DEFAULT_MTU
        # §9.1: LE Secure Connections, Just Works (no input, no output), bonding.
        device.pairing_config_factory = lambda _: PairingConfig(
            sc=True, mitm=False, bonding=True,
            delegate=PairingDelegate(io_capability=PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT))
        await device.power_on()
        device.keystore = MemoryKeyStore()
        emit('ready', address=str(device.random_address))

        target, facts = await scan_for(device, advertisement_facts, is_sn)
        emit('advertisement', **facts)

        # The link of the moment (`reconnect` replaces it); the script ends when it ends otherwise.
        link = {}
        disconnected = loop.create_future()

        async def connect():
            connection = await device.connect(target, timeout=10)
            link['connection'] = connection

            def on_disconnection(reason):
                if link.get('connection') is connection and not disconnected.done():
                    disconnected.set_result(int(reason))
            connection.on('disconnection', on_disconnection)
            emit('connected', peer=str(connection.peer_address))
            peer = Peer(connection)
            link['peer'] = peer
            emit('mtu', mtu=await peer.request_mtu(att.ATT_DEFAULT_MTU))
            await peer.discover_services()
            for service in peer.services:
                await service.discover_characteristics()

        await connect()

        def find(uuid):
            found = link['peer'].get_characteristics_by_uuid(uuid=UUID(uuid))
            if not found:
                raise RuntimeError(f'characteristic {uuid} not found')
            return found[0]

        async def pair(_=None):
            try:
                await link['connection'].pair()
                emit('paired', encrypted=bool(link['connection'].is_encrypted))
            except ProtocolError as error:
                emit('pairing_failed', reason=int(error.error_code))

        async def probe(uuid):
            try:
                value = bytes(await find(uuid).read_value())
                emit('probe', uuid=uuid, value=value.hex(), error=None)
            except att.ATT_Error as error:
                emit('probe', uuid=uuid, value=None, error=int(error.error_code))

        async def encrypt(_):
            await link['connection'].encrypt()
            emit('encrypted')

        async def reconnect(_):
            old = link.pop('connection')
            await old.disconnect()
            await connect()

        async def read(uuid):
            value = bytes(await find(uuid).read_value())
            emit('read', uuid=uuid, value=value.hex())
            return value

        async def write(uuid, value):
            await find(uuid).write_value(value, with_response=True)
            emit('wrote', uuid=uuid, value=value.hex())

        async def write_schedule(value):
            """The Week Schedule as a prepared write; a refusal is reported, not raised."""
            try:
                parts = await prepared_write(link['peer'].gatt_client, find(WEEK_SCHEDULE_UUID).handle, value)
                emit('prepared_write', uuid=WEEK_SCHEDULE_UUID, value=value.hex(), parts=parts, executed=True)
            except att.ATT_Error as error:
                emit('write_error', uuid=WEEK_SCHEDULE_UUID, value=value.hex(), error=int(error.error_code),
                     request=getattr(error, 'request', None))

        clock_written = None

        def on_active_state(value):
            value = bytes(value)
            elapsed = None if clock_written is None else round(1000 * (time.monotonic() - clock_written))
            colors = [value[i:i + 3].hex() for i in range(1, len(value) - 2, 3)]
            emit('notification', uuid=ACTIVE_STATE_UUID, value=value.hex(), mode=value[0] if value else None,
                 colors=colors, elapsed_ms=elapsed)

        try:
            if security_only:
                raise asyncio.CancelledError
            await pair()
            await read(BATTERY_LEVEL_UUID)
            await read(CURRENT_TIME_UUID)
            await read(ACTIVE_STATE_UUID)
            await find(ACTIVE_STATE_UUID).subscribe(on_active_state)
            emit('subscribed', uuid=ACTIVE_STATE_UUID)

            await write(LOCAL_TIME_INFORMATION_UUID, LOCAL_TIME_INFORMATION)
            clock_written = time.monotonic()
            await write(CURRENT_TIME_UUID, current_time(CLOCK_DATE, 19, 59, CLOCK_SECOND))
            emit('clock', local_time=f'{CLOCK_DATE.isoformat()}T19:59:{CLOCK_SECOND:02d}',
                 weekday=CLOCK_DATE.isoweekday(), second=CLOCK_SECOND)
            await read(LOCAL_TIME_INFORMATION_UUID)
            await read(CURRENT_TIME_UUID)

            await write_schedule(WEEK_SCHEDULE)
            await read(WEEK_SCHEDULE_UUID)
        except asyncio.CancelledError:
            pass
        except Exception as error:
            emit('error', message=repr(error))

        async def invalid_schedule(_):
            await write_schedule(INVALID_SCHEDULE)
            await read(WEEK_SCHEDULE_UUID)
            await read(ACTIVE_STATE_UUID)

        async def scan(_):
            _, again = await scan_for(device, advertisement_facts, is_sn)
            emit('advertisement', **again)

        async def disconnect(_):
            await link['connection'].disconnect()

        await serve_commands(queue, {
            'invalid-schedule': invalid_schedule, 'scan': scan, 'read': read, 'disconnect': disconnect,
            'probe': probe, 'pair': pair, 'encrypt': encrypt, 'reconnect': reconnect,
        }, disconnected)


if __name__ == '__main__':
    arguments = [argument for argument in sys.argv[1:] if argument != '--security-only']
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    asyncio.run(main(*arguments, security_only='--security-only' in sys.argv[1:]))

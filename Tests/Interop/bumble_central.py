#!/usr/bin/env python3
"""A Bumble central for Nightlight's interop tests: it drives OUR peripheral.

Usage: bumble_central.py TRANSPORT RANDOM_ADDRESS NAME
  e.g. bumble_central.py tcp-client:127.0.0.1:40124 C3:44:55:66:77:88 Nightlight

Scans (actively) for an advertiser called NAME, connects, discovers every service, characteristic
and descriptor, then exercises the interop service of interop_common.py: reads READ_UUID, long-reads
LONG_UUID, long-writes it with a new 300-byte value and reads it back, writes WRITE_COMMAND_UUID
without response, subscribes to NOTIFY_UUID and INDICATE_UUID and reports what arrives.

Events (JSON lines, values in hex): ready, found {address, name, services}, connected, discovered
{services: [{uuid, characteristics: [{uuid, properties, descriptors}]}]}, read {uuid, value},
wrote {uuid, value}, subscribed {uuid}, notification {uuid, value}, disconnected {reason}, error.
Commands (stdin lines): `disconnect`, `read UUID`.
"""

import asyncio
import sys

from bumble.core import UUID, AdvertisingData
from bumble.device import Device, Peer
from bumble.hci import Address
from bumble.transport import open_transport

from interop_common import (
    INDICATE_UUID, LONG_UUID, NOTIFY_UUID, READ_UUID, WRITE_COMMAND_UUID, commands, emit,
)

NEW_LONG_VALUE = bytes((7 * i + 3) % 256 for i in range(300))


def uuid_text(uuid):
    """`180F` for a 16-bit UUID, `4E4C0001-7A5A-…` for a 128-bit one (upper case)."""
    return uuid.to_hex_str('-').upper()


async def main(transport_spec, address, name):
    loop = asyncio.get_running_loop()
    queue = commands(loop)
    async with await open_transport(transport_spec) as (source, sink):
        device = Device.with_hci('BumbleCentral', Address(address), source, sink)
        await device.power_on()
        emit('ready', address=str(device.random_address))

        found = loop.create_future()
        seen = {}

        def on_advertisement(advertisement):
            data = advertisement.data
            key = str(advertisement.address)
            entry = seen.setdefault(key, {'name': None, 'services': set()})
            local_name = data.get(AdvertisingData.COMPLETE_LOCAL_NAME) or data.get(AdvertisingData.SHORTENED_LOCAL_NAME)
            if local_name:
                entry['name'] = local_name if isinstance(local_name, str) else bytes(local_name).decode(errors='replace')
            for ad_type in (
                AdvertisingData.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
                AdvertisingData.INCOMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
                AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
                AdvertisingData.INCOMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
            ):
                for uuid in data.get(ad_type) or []:
                    entry['services'].add(uuid_text(uuid))
            if entry['name'] == name and advertisement.is_connectable and not found.done():
                found.set_result((advertisement.address, entry))

        device.on('advertisement', on_advertisement)
        await device.start_scanning(active=True, scan_interval=30, scan_window=30)
        target, entry = await asyncio.wait_for(found, 10)
        # Give the scan response a moment to add the advertised services.
        for _ in range(20):
            if entry['services']:
                break
            await asyncio.sleep(0.05)
        await device.stop_scanning()
        emit('found', address=str(target), name=entry['name'], services=sorted(entry['services']))

        connection = await device.connect(target, timeout=10)
        disconnected = loop.create_future()
        connection.on('disconnection', lambda reason: disconnected.done() or disconnected.set_result(int(reason)))
        emit('connected', peer=str(connection.peer_address))

        peer = Peer(connection)
        await peer.discover_services()
        services = []
        for service in peer.services:
            await service.discover_characteristics()
            characteristics = []
            for characteristic in service.characteristics:
                await characteristic.discover_descriptors()
                characteristics.append({
                    'uuid': uuid_text(characteristic.uuid),
                    'properties': int(characteristic.properties),
                    'descriptors': [uuid_text(d.type) for d in characteristic.descriptors],
                })
            services.append({'uuid': uuid_text(service.uuid), 'characteristics': characteristics})
        emit('discovered', services=services)

        def find(uuid):
            found = peer.get_characteristics_by_uuid(uuid=UUID(uuid))
            if not found:
                raise RuntimeError(f'characteristic {uuid} not found')
            return found[0]

        try:
            readable = find(READ_UUID)
            emit('read', uuid=READ_UUID, value=bytes(await readable.read_value()).hex())
            long = find(LONG_UUID)
            emit('read', uuid=LONG_UUID, value=bytes(await long.read_value()).hex())
            await long.write_value(NEW_LONG_VALUE, with_response=True)
            emit('wrote', uuid=LONG_UUID, value=NEW_LONG_VALUE.hex())
            emit('read', uuid=LONG_UUID, value=bytes(await long.read_value()).hex())
            command = find(WRITE_COMMAND_UUID)
            await command.write_value(b'\x01\x02\x03', with_response=False)
            emit('wrote', uuid=WRITE_COMMAND_UUID, value='010203')
            for uuid in (NOTIFY_UUID, INDICATE_UUID):
                characteristic = find(uuid)
                await characteristic.subscribe(lambda value, uuid=uuid: emit('notification', uuid=uuid, value=bytes(value).hex()))
                emit('subscribed', uuid=uuid)
        except Exception as error:
            emit('error', message=repr(error))

        async def run_commands():
            while True:
                line = await queue.get()
                verb, _, argument = line.partition(' ')
                try:
                    if verb == 'disconnect':
                        await connection.disconnect()
                    elif verb == 'read':
                        emit('read', uuid=argument, value=bytes(await find(argument).read_value()).hex())
                    elif verb:
                        emit('error', message=f'unknown command {line!r}')
                except Exception as error:
                    emit('error', message=f'{verb}: {error!r}')

        runner = asyncio.create_task(run_commands())
        reason = await disconnected
        runner.cancel()
        emit('disconnected', reason=reason)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    asyncio.run(main(*sys.argv[1:]))

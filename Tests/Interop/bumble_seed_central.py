#!/usr/bin/env python3
"""A Bumble central for the seed devices of docs/devices.md, as `ble simulate KIND` runs them.

Usage: bumble_seed_central.py TRANSPORT RANDOM_ADDRESS KIND
  e.g. bumble_seed_central.py tcp-client:127.0.0.1:40123 C3:4E:4C:0C:00:06 bulb
KIND: bulb (Colorific), bean (Bean), miband (MI Band 2) or sensortag (SensorTag).

Scans actively for the device's advertised name and reports what it advertises; connects, asks
for an ATT_MTU of 247 and discovers every service and characteristic; then serves commands, one
per stdin line, each answered by one event (the test drives the device step by step, since some
of what it checks, e.g. the bulb's color in its flash file, has to be looked at between steps).
Notifications and indications are reported as they arrive. For the Mi Band 2 the handshake's
AES-128-ECB runs here, with the `cryptography` package (a dependency of bumble); it is checked
first against FIPS-197's example (Appendix C.1).

A TARGET is a characteristic UUID (`2A06`, `F000AA01-0451-4000-B000-000000000000`), a service
and a characteristic UUID (`1803/2A06`, when the UUID is in more than one service), or a handle
(`0x0028`).

Events (JSON lines, values in hex): ready {address}; aes {fips197} (miband only); advertisement
{address, address_type, name, connectable, services, advertising_data, scan_response_data};
connected {peer}; mtu {mtu}; discovered {services: [{uuid, start, end, characteristics: [{uuid,
handle, properties}]}]}; read {target, uuid, handle, value}; read_error {target, uuid, handle,
error}; wrote {target, uuid, handle, value, with_response}; write_error {target, uuid, handle,
value, error}; subscribed {target, uuid, handle, cccd}; notification {uuid, handle, value,
elapsed_ms (since the subscription)}; auth {step, sent, response} (miband); disconnected {reason};
error {message}.

Commands (stdin lines): `read TARGET`; `write TARGET HEX` (Write Request); `write-cmd TARGET HEX`
(Write Command); `subscribe TARGET` (notifications, else indications); `pair KEY` (Mi Band 2:
sends 01 08 KEY on the authentication characteristic and awaits the band's answer, at most 35 s);
`auth KEY` (Mi Band 2: 02 08, then 03 08 and the band's random number encrypted with KEY);
`disconnect`. Stdin reaching EOF ends the script.
"""

import asyncio
import sys
import time

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from bumble import att
from bumble.core import UUID, AdvertisingData
from bumble.device import Device, Peer
from bumble.gatt import GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR
from bumble.hci import Address
from bumble.transport import open_transport

from interop_common import commands, emit, scan_for, serve_commands

# The advertised name of instance 0 of each kind (docs/devices.md).
NAMES = {'bulb': 'Colorific', 'bean': 'Bean', 'miband': 'MI Band 2', 'sensortag': 'SensorTag'}

# Mi Band 2: the authentication characteristic (service FEE1), docs/devices.md.
MIBAND_AUTH_UUID = '00000009-0000-3512-2118-0009AF100700'
PAIRING_WAIT = 35
ANSWER_WAIT = 10

SERVICE_LISTS = (
    AdvertisingData.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
    AdvertisingData.INCOMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
    AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
    AdvertisingData.INCOMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
)


def aes_128_ecb(key, block):
    """One block of AES-128-ECB: what a Mi Band 2 app answers the band's random number with."""
    encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return encryptor.update(block) + encryptor.finalize()


def fips197_example():
    """FIPS-197, Appendix C.1: AES-128 of 00112233…ff under 00010203…0f."""
    return aes_128_ecb(bytes(range(16)), bytes.fromhex('00112233445566778899aabbccddeeff'))


def uuid_text(uuid):
    """`2A06` for a 16-bit UUID, `A495FF21-C5B1-…` for a 128-bit one (upper case)."""
    return uuid.to_hex_str('-').upper()


def advertisement_facts(advertisement):
    """What the device advertises, from an active scan's merged advertisement + scan response."""
    data = advertisement.data
    name = data.get(AdvertisingData.COMPLETE_LOCAL_NAME)
    services = []
    for ad_type in SERVICE_LISTS:
        services += [uuid_text(uuid) for uuid in data.get(ad_type) or []]
    scan_response = bytes(advertisement.data_bytes)
    merged = bytes(data)
    return {
        'address': str(advertisement.address),
        'address_type': 'public' if advertisement.address.address_type == 0 else 'random',
        'name': name if isinstance(name, str) or name is None else bytes(name).decode(errors='replace'),
        'connectable': bool(advertisement.is_connectable),
        'services': services,
        'advertising_data': merged[:len(merged) - len(scan_response)].hex(),
        'scan_response_data': scan_response.hex(),
    }


async def main(transport_spec, address, kind):
    if kind not in NAMES:
        raise SystemExit(f'unknown kind {kind!r}; one of {", ".join(NAMES)}')
    loop = asyncio.get_running_loop()
    queue = commands(loop)
    async with await open_transport(transport_spec) as (source, sink):
        device = Device.with_hci('BumbleSeedCentral', Address(address), source, sink)
        await device.power_on()
        emit('ready', address=str(device.random_address))
        if kind == 'miband':
            emit('aes', fips197=fips197_example().hex())

        target, facts = await scan_for(
            device, advertisement_facts, lambda facts: facts['name'] == NAMES[kind] and facts['connectable'])
        emit('advertisement', **facts)

        connection = await device.connect(target, timeout=10)
        disconnected = loop.create_future()
        connection.on('disconnection', lambda reason: disconnected.done() or disconnected.set_result(int(reason)))
        emit('connected', peer=str(connection.peer_address))

        peer = Peer(connection)
        emit('mtu', mtu=await peer.request_mtu(247))
        await peer.discover_services()
        discovered = []
        for service in peer.services:
            await service.discover_characteristics()
            discovered.append({
                'uuid': uuid_text(service.uuid), 'start': service.handle, 'end': service.end_group_handle,
                'characteristics': [
                    {'uuid': uuid_text(c.uuid), 'handle': c.handle, 'properties': int(c.properties)}
                    for c in service.characteristics
                ],
            })
        emit('discovered', services=discovered)

        def find(target):
            """The characteristic TARGET names, or None for a handle that is no characteristic's value."""
            if target.lower().startswith('0x'):
                handle = int(target, 16)
                for service in peer.services:
                    for characteristic in service.characteristics:
                        if characteristic.handle == handle:
                            return characteristic
                return None
            service_uuid, _, characteristic_uuid = target.rpartition('/')
            matches = [
                characteristic
                for service in peer.services
                if not service_uuid or service.uuid == UUID(service_uuid)
                for characteristic in service.characteristics
                if characteristic.uuid == UUID(characteristic_uuid)
            ]
            if len(matches) != 1:
                raise RuntimeError(f'{len(matches)} characteristics match {target!r}')
            return matches[0]

        def handle_of(target, characteristic):
            return int(target, 16) if target.lower().startswith('0x') else characteristic.handle

        def named(target):
            characteristic = find(target)
            return characteristic, {
                'target': target,
                'uuid': uuid_text(characteristic.uuid) if characteristic else None,
                'handle': handle_of(target, characteristic),
            }

        async def read(argument):
            characteristic, fields = named(argument)
            try:
                value = bytes(await peer.read_value(fields['handle']))
            except att.ATT_Error as error:
                emit('read_error', **fields, error=int(error.error_code))
                return
            emit('read', **fields, value=value.hex())

        async def write_value(argument, with_response):
            target, _, text = argument.partition(' ')
            characteristic, fields = named(target)
            value = bytes.fromhex(text)
            try:
                await peer.write_value(fields['handle'], value, with_response=with_response)
            except att.ATT_Error as error:
                emit('write_error', **fields, value=value.hex(), error=int(error.error_code))
                return
            emit('wrote', **fields, value=value.hex(), with_response=with_response)

        async def write(argument):
            await write_value(argument, True)

        async def write_command(argument):
            await write_value(argument, False)

        # The notified values of each characteristic (by value handle), for the Mi Band 2's handshake.
        received = {}

        async def subscribe(argument):
            characteristic, fields = named(argument)
            inbox = received.setdefault(characteristic.handle, asyncio.Queue())
            since = time.monotonic()

            def on_value(value):
                value = bytes(value)
                inbox.put_nowait(value)
                emit('notification', uuid=fields['uuid'], handle=characteristic.handle, value=value.hex(),
                     elapsed_ms=round(1000 * (time.monotonic() - since)))

            await characteristic.subscribe(on_value)
            cccd = characteristic.get_descriptor(GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR)
            emit('subscribed', **fields, cccd=cccd.handle if cccd else None)

        async def auth_exchange(step, sent, wait):
            """Writes `sent` (a Write Command, as the characteristic takes) to the authentication
            characteristic and reports the band's next answer on it."""
            characteristic = find(MIBAND_AUTH_UUID)
            inbox = received.get(characteristic.handle)
            if inbox is None:
                raise RuntimeError('subscribe to the authentication characteristic first')
            while not inbox.empty():
                inbox.get_nowait()
            await peer.write_value(characteristic.handle, sent, with_response=False)
            response = await asyncio.wait_for(inbox.get(), wait)
            emit('auth', step=step, sent=sent.hex(), response=response.hex())
            return response

        async def pair(argument):
            key = bytes.fromhex(argument)
            await auth_exchange('pair', bytes([0x01, 0x08]) + key, PAIRING_WAIT)

        async def auth(argument):
            key = bytes.fromhex(argument)
            challenge = await auth_exchange('challenge', bytes([0x02, 0x08]), ANSWER_WAIT)
            if challenge[:3] != bytes([0x10, 0x02, 0x01]) or len(challenge) != 19:
                raise RuntimeError(f'the band answered 02 08 with {challenge.hex()}')
            await auth_exchange('answer', bytes([0x03, 0x08]) + aes_128_ecb(key, challenge[3:]), ANSWER_WAIT)

        async def disconnect(_):
            await connection.disconnect()

        await serve_commands(queue, {
            'read': read, 'write': write, 'write-cmd': write_command, 'subscribe': subscribe,
            'pair': pair, 'auth': auth, 'disconnect': disconnect,
        }, disconnected)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    asyncio.run(main(*sys.argv[1:]))

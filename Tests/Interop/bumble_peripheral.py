#!/usr/bin/env python3
"""A small Bumble GATT server for Nightlight's interop tests: our central connects to it.

Usage: bumble_peripheral.py TRANSPORT RANDOM_ADDRESS NAME [--disconnect-on-prepare-write=N]
  e.g. bumble_peripheral.py tcp-client:127.0.0.1:40123 C2:33:44:55:66:77 BumblePeripheral

--disconnect-on-prepare-write=N (a fault for the tests): the N-th Prepare Write Request this
script receives is left unanswered and the connection is disconnected at once; every other one is
served normally, so a long write after reconnecting succeeds.

Service SERVICE_UUID (interop_common.py): READ_UUID (read: READ_VALUE), LONG_UUID (read, write:
300 bytes, LONG_VALUE), WRITE_COMMAND_UUID (write without response), NOTIFY_UUID (notify),
INDICATE_UUID (indicate). Advertises connectable every 50 ms with its name in the advertising data
and the service UUID in the scan response, and again after each disconnection.

Events (JSON lines): ready, connected, mtu, written {uuid, value (hex)}, subscription {uuid, notify,
indicate}, notified, indicated, disconnected {reason}, fault {count, offset} (the N-th Prepare Write
Request arrived and the disconnection began).
Commands (stdin lines): `notify HEX`, `indicate HEX`, `disconnect`.
"""

import asyncio
import sys

from bumble import att
from bumble.core import AdvertisingData, UUID
from bumble.device import Device
from bumble.gatt import Characteristic, Service
from bumble.hci import Address
from bumble.transport import open_transport

from interop_common import (
    INDICATE_UUID, LONG_UUID, LONG_VALUE, NOTIFY_UUID, READ_UUID, READ_VALUE, SERVICE_UUID,
    WRITE_COMMAND_UUID, commands, emit,
)


def disconnect_on_prepare_write(device, count):
    """Leaves the `count`-th Prepare Write Request unanswered and disconnects its connection."""
    server = device.gatt_server
    serve = server.on_att_prepare_write_request
    received = 0

    def on_prepare_write_request(bearer, request):
        nonlocal received
        received += 1
        if received != count:
            return serve(bearer, request)
        emit('fault', count=received, offset=request.value_offset)
        connection = bearer.connection if att.is_enhanced_bearer(bearer) else bearer
        asyncio.ensure_future(connection.disconnect())

    # The server dispatches each ATT PDU to its `on_<pdu name>` attribute.
    server.on_att_prepare_write_request = on_prepare_write_request


async def main(transport_spec, address, name, fault=None):
    loop = asyncio.get_running_loop()
    queue = commands(loop)
    async with await open_transport(transport_spec) as (source, sink):
        device = Device.with_hci(name, Address(address), source, sink)
        P = Characteristic.Properties
        readable = Characteristic(READ_UUID, P.READ, Characteristic.READABLE, READ_VALUE)
        long = Characteristic(LONG_UUID, P.READ | P.WRITE, Characteristic.READABLE | Characteristic.WRITEABLE, LONG_VALUE)
        command = Characteristic(WRITE_COMMAND_UUID, P.WRITE_WITHOUT_RESPONSE, Characteristic.WRITEABLE, b'')
        notify = Characteristic(NOTIFY_UUID, P.NOTIFY | P.READ, Characteristic.READABLE, b'\x00')
        indicate = Characteristic(INDICATE_UUID, P.INDICATE | P.READ, Characteristic.READABLE, b'\x00')
        characteristics = [readable, long, command, notify, indicate]
        device.add_service(Service(SERVICE_UUID, characteristics))
        if fault is not None:
            disconnect_on_prepare_write(device, fault)

        for characteristic in characteristics:
            uuid = str(characteristic.uuid)

            def on_write(connection, value, uuid=uuid):
                emit('written', uuid=uuid, value=bytes(value).hex())

            def on_subscription(bearer, notify_enabled, indicate_enabled, uuid=uuid):
                emit('subscription', uuid=uuid, notify=bool(notify_enabled), indicate=bool(indicate_enabled))

            characteristic.on('write', on_write)
            characteristic.on('subscription', on_subscription)

        connections = []

        def on_connection(connection):
            connections.append(connection)
            emit('connected', peer=str(connection.peer_address))
            connection.on('disconnection', lambda reason: (connections.remove(connection), emit('disconnected', reason=int(reason))))
            connection.on('connection_att_mtu_update', lambda: emit('mtu', mtu=connection.att_mtu))

        device.on('connection', on_connection)
        await device.power_on()
        advertising_data = bytes(AdvertisingData([
            (AdvertisingData.FLAGS, bytes([0x06])),
            (AdvertisingData.COMPLETE_LOCAL_NAME, name.encode()),
        ]))
        scan_response = bytes(AdvertisingData([
            (AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS, UUID(SERVICE_UUID).to_bytes()),
        ]))
        await device.start_advertising(
            auto_restart=True,
            advertising_data=advertising_data,
            scan_response_data=scan_response,
            advertising_interval_min=50,
            advertising_interval_max=50,
        )
        emit('ready', address=str(device.random_address), name=name)

        while True:
            line = await queue.get()
            verb, _, argument = line.partition(' ')
            try:
                if verb == 'notify':
                    await device.notify_subscribers(notify, bytes.fromhex(argument), force=True)
                    emit('notified', value=argument)
                elif verb == 'indicate':
                    await device.indicate_subscribers(indicate, bytes.fromhex(argument), force=True)
                    emit('indicated', value=argument)
                elif verb == 'disconnect':
                    for connection in list(connections):
                        await connection.disconnect()
                elif verb:
                    emit('error', message=f'unknown command {line!r}')
            except Exception as error:  # reported, not fatal: the test decides
                emit('error', message=f'{verb}: {error!r}')


if __name__ == '__main__':
    arguments, fault = sys.argv[1:], None
    FAULT_OPTION = '--disconnect-on-prepare-write='
    if len(arguments) == 4 and arguments[3].startswith(FAULT_OPTION) and arguments[3][len(FAULT_OPTION):].isdigit():
        fault = int(arguments.pop()[len(FAULT_OPTION):])
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    asyncio.run(main(*arguments, fault=fault))

#!/usr/bin/env python3
"""Link benchmarks Bumble-to-Bumble: the measurements of `BLEBenchmarks link`, with a Bumble
central on controller port P0 and a Bumble peripheral on port P1 (one Python process), e.g. the
two controllers of Tests/Interop/bumble_controllers.py.

With `local` instead of P0,P1 both devices run on Bumble's in-process radio (two
`bumble.controller.Controller`s on one `bumble.link.LocalLink`, each host behind an
`AsyncPipeSink`, as Bumble's own tests wire them): the peer of our `--virtual` link.

Usage: bumble_link.py (P0,P1 | local) [--runs N] [--seconds S]
Prints one JSON object per measurement (same names and fields as BLEBenchmarks link):
connect-discover {ms: median of N connect + MTU exchange + full discovery}, notify {perSecond},
write-cmd-23 and write-cmd-247 {bytesPerSecond}. Senders keep at most QUEUE_LIMIT ACL packets
in flight in Bumble's host queue (the bearer's pace, not an unbounded Python queue); received
counts include a DRAIN s drain after the sender stops, counted in the window.
"""

import argparse
import asyncio
import json
import statistics
import time

from bumble.core import AdvertisingData, UUID
from bumble.device import Device, Peer
from bumble.gatt import Characteristic, Service
from bumble.controller import Controller
from bumble.hci import Address
from bumble.host import Host
from bumble.link import LocalLink
from bumble.pairing import PairingConfig
from bumble.transport import open_transport
from bumble.transport.common import AsyncPipeSink

SERVICE_UUID = '4E4C1001-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
WRITE_UUID = '4E4C1002-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
NOTIFY_UUID = '4E4C1003-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
CENTRAL_ADDRESS = 'C2:4E:4C:00:00:11'
PERIPHERAL_ADDRESS = 'C2:4E:4C:00:00:12'
QUEUE_LIMIT = 1024
DRAIN = 0.3


def emit(**fields):
    print(json.dumps(fields), flush=True)


async def paced(device, connection):
    """Waits while the ACL queue of `connection` holds QUEUE_LIMIT packets or more."""
    queue = device.host.le_acl_packet_queue or device.host.acl_packet_queue
    if queue.pending >= QUEUE_LIMIT:
        await queue.drain(connection.handle)


async def main(ports, runs, seconds):
    if ports is None:
        link = LocalLink()
        devices = []
        for name, address in (('central', CENTRAL_ADDRESS), ('peripheral', PERIPHERAL_ADDRESS)):
            controller = Controller(name, link=link)
            devices.append(Device(name=name, address=Address(address),
                                  host=Host(controller, AsyncPipeSink(controller))))
        await measure(*devices, runs, seconds)
        return
    async with await open_transport(f'tcp-client:127.0.0.1:{ports[0]}') as (csource, csink), \
            await open_transport(f'tcp-client:127.0.0.1:{ports[1]}') as (psource, psink):
        central = Device.with_hci('central', Address(CENTRAL_ADDRESS), csource, csink)
        peripheral = Device.with_hci('peripheral', Address(PERIPHERAL_ADDRESS), psource, psink)
        await measure(central, peripheral, runs, seconds)


async def measure(central, peripheral, runs, seconds):
    for device in (central, peripheral):
        device.pairing_config_factory = lambda connection: PairingConfig(sc=True, mitm=False, bonding=False)
    received = {'bytes': 0, 'notifications': 0}
    P = Characteristic.Properties
    write = Characteristic(WRITE_UUID, P.WRITE_WITHOUT_RESPONSE, Characteristic.WRITEABLE, b'')
    notify = Characteristic(NOTIFY_UUID, P.READ | P.NOTIFY, Characteristic.READABLE, bytes(20))

    def on_write(connection, value):
        received['bytes'] += len(value)

    write.on('write', on_write)
    peripheral.add_service(Service(SERVICE_UUID, [write, notify]))
    incoming = asyncio.Queue()
    peripheral.on('connection', incoming.put_nowait)
    await central.power_on()
    await peripheral.power_on()
    advertising_data = bytes(AdvertisingData([
        (AdvertisingData.FLAGS, bytes([0x06])),
        (AdvertisingData.COMPLETE_LOCAL_NAME, b'BumbleBench'),
    ]))
    await peripheral.start_advertising(
        auto_restart=True, advertising_data=advertising_data,
        advertising_interval_min=20, advertising_interval_max=20,
    )

    async def connect(discover, mtu):
        start = time.perf_counter()
        connection = await central.connect(Address(PERIPHERAL_ADDRESS), timeout=10)
        peer = Peer(connection)
        if mtu:
            await peer.request_mtu(mtu)
        if discover:
            await peer.discover_all()
        elapsed = (time.perf_counter() - start) * 1000
        accepted = await asyncio.wait_for(incoming.get(), 10)
        return connection, accepted, peer, elapsed

    async def disconnect(connection, accepted):
        gone = asyncio.get_running_loop().create_future()
        accepted.once('disconnection', lambda reason: gone.done() or gone.set_result(reason))
        await connection.disconnect()
        await asyncio.wait_for(gone, 10)
        await asyncio.sleep(0.05)

    times = []
    for _ in range(runs):
        connection, accepted, _, elapsed = await connect(True, 247)
        times.append(elapsed)
        await disconnect(connection, accepted)
    emit(name='connect-discover', ms=round(statistics.median(times), 3), runs=runs,
         min=round(min(times), 3), max=round(max(times), 3))

    # LE Secure Connections Just Works: connect, pair, encrypted (no bonding kept, so every
    # run pairs; both sides NoInputNoOutput).
    pair_times = []
    for _ in range(runs):
        start = time.perf_counter()
        connection = await central.connect(Address(PERIPHERAL_ADDRESS), timeout=10)
        accepted = await asyncio.wait_for(incoming.get(), 10)
        await connection.pair()
        if not connection.is_encrypted:
            raise RuntimeError('the link is not encrypted after pairing')
        pair_times.append((time.perf_counter() - start) * 1000)
        await disconnect(connection, accepted)
    emit(name='pair-sc-just-works', ms=round(statistics.median(pair_times), 3), runs=runs,
         min=round(min(pair_times), 3), max=round(max(pair_times), 3))

    # Notifications per second (ATT_MTU 23).
    connection, accepted, peer, _ = await connect(False, None)
    await peer.discover_all()
    [characteristic] = peer.get_characteristics_by_uuid(UUID(NOTIFY_UUID))
    await characteristic.subscribe(lambda value: received.__setitem__('notifications', received['notifications'] + 1))
    await asyncio.sleep(0.05)
    value = bytes([0x4E] * 20)
    sent = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        await peripheral.notify_subscriber(accepted, notify, value, force=True)
        sent += 1
        await paced(peripheral, accepted)
    await asyncio.sleep(DRAIN)
    elapsed = time.perf_counter() - start
    count = received['notifications']
    emit(name='notify', perSecond=round(count / elapsed, 3), received=count, sent=sent, seconds=round(elapsed, 3))
    await disconnect(connection, accepted)

    # Write-command throughput at ATT_MTU 23 and 247.
    for mtu in (23, 247):
        connection, accepted, peer, _ = await connect(False, mtu if mtu != 23 else None)
        await peer.discover_all()
        [characteristic] = peer.get_characteristics_by_uuid(UUID(WRITE_UUID))
        actual = connection.att_mtu
        value = bytes([0x57] * (actual - 3))
        received['bytes'] = 0
        sent = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            await characteristic.write_value(value, with_response=False)
            sent += len(value)
            await paced(central, connection)
        await asyncio.sleep(DRAIN)
        elapsed = time.perf_counter() - start
        count = received['bytes']
        emit(name=f'write-cmd-{mtu}', bytesPerSecond=round(count / elapsed, 3), mtu=actual,
             received=count, sent=sent, seconds=round(elapsed, 3))
        await disconnect(connection, accepted)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('ports')
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--seconds', type=float, default=2.0)
    arguments = parser.parse_args()
    ports = None if arguments.ports == 'local' else [int(port) for port in arguments.ports.split(',')]
    budget = 60 + arguments.runs * 5 + arguments.seconds * 12
    asyncio.run(asyncio.wait_for(main(ports, arguments.runs, arguments.seconds), budget))

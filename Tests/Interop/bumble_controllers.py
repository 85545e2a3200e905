#!/usr/bin/env python3
"""Two Bumble virtual controllers on one LocalLink, each served over H4/TCP on 127.0.0.1.

Nightlight's interop harness (Sources/BLETesting/BumbleHarness.swift) starts this launcher
instead of `python -m bumble.apps.controllers` because Bumble 0.0.236's virtual controllers
never deliver scan-response data: when an active scanner hears an advertisement they report the
advertising data twice, once as the advertisement and once as the scan response. The
`ScanResponseController` subclass below looks the advertiser up on the link and reports its real
scan-response data (and, for legacy ADV_IND, the legacy event types), only to active scanners.

Usage: bumble_controllers.py [PORT1 PORT2]   (0 or nothing: the system picks free ports)
Prints one JSON line when both ports listen: {"event": "ready", "ports": [P1, P2]}.
Exits when stdin closes (the parent test process went away) or on SIGTERM.
"""

import asyncio
import json
import signal
import socket
import sys
import threading
import os

from bumble import hci, ll
from bumble.controller import Controller
from bumble.link import LocalLink
from bumble.transport.tcp_server import open_tcp_server_transport_with_socket

ExtEventType = hci.HCI_LE_Extended_Advertising_Report_Event.EventType
LegacyEventType = hci.HCI_LE_Advertising_Report_Event.EventType

# Legacy PDUs reported as extended reports (Core 5.4, Vol 4, Part E, 7.7.65.13).
EXT_LEGACY_ADV_IND = 0x13
EXT_LEGACY_SCAN_RSP_TO_ADV_IND = 0x1B


def exit_when_parent_goes_away():
    """Ends the process when stdin reaches EOF: the parent closed it, or died.

    Not PR_SET_PDEATHSIG: it fires when the parent *thread* that spawned us exits, and the
    Swift test spawns from a pool thread that may come and go.
    """

    def watch():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except Exception:
            pass
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class ScanResponseController(Controller):
    """A Bumble controller whose scan responses carry the advertiser's scan-response data."""

    _current_pdu = None

    def _advertiser_for(self, address):
        """(scan response data, is legacy ADV_IND) of the advertiser with `address`, if any."""
        for other in self.link.controllers:
            if other is self:
                continue
            legacy = other.le_legacy_advertiser
            if legacy.enabled and legacy.address == address:
                return bytes(legacy.scan_response_data), True
            for adv_set in other.advertising_sets.values():
                if adv_set.enabled and adv_set.address == address:
                    properties = adv_set.parameters.advertising_event_properties if adv_set.parameters else 0
                    # bit 4: legacy PDUs; bits 0-1: connectable and scannable (ADV_IND)
                    is_adv_ind = (int(properties) & 0x13) == 0x13
                    return bytes(adv_set.scan_response_data), is_adv_ind
        return None

    def on_hci_le_set_extended_scan_parameters_command(self, command):
        # Bumble keeps the scan type of legacy LE Set Scan Parameters only; keep the extended one.
        result = super().on_hci_le_set_extended_scan_parameters_command(command)
        scan_types = list(getattr(command, 'scan_types', None) or [])
        self.le_scan_type = int(scan_types[0]) if scan_types else 0
        return result

    def on_advertising_pdu(self, pdu):
        self._current_pdu = pdu
        try:
            super().on_advertising_pdu(pdu)
        finally:
            self._current_pdu = None

    def send_hci_packet(self, packet):
        pdu = self._current_pdu
        if pdu is None:
            return super().send_hci_packet(packet)
        advertiser = self._advertiser_for(pdu.advertiser_address)
        active = self.le_scan_type == 1
        if isinstance(packet, hci.HCI_LE_Extended_Advertising_Report_Event) and len(packet.reports) == 1:
            report = packet.reports[0]
            is_scan_response = bool(int(report.event_type) & int(ExtEventType.SCAN_RESPONSE))
            if is_scan_response and not active:
                return None
            if advertiser is not None:
                data, is_adv_ind = advertiser
                event_type = report.event_type
                if is_adv_ind:
                    event_type = EXT_LEGACY_SCAN_RSP_TO_ADV_IND if is_scan_response else EXT_LEGACY_ADV_IND
                packet = hci.HCI_LE_Extended_Advertising_Report_Event([
                    hci.HCI_LE_Extended_Advertising_Report_Event.Report(
                        event_type=event_type,
                        address_type=report.address_type,
                        address=report.address,
                        primary_phy=report.primary_phy,
                        secondary_phy=report.secondary_phy,
                        advertising_sid=report.advertising_sid,
                        tx_power=report.tx_power,
                        rssi=report.rssi,
                        periodic_advertising_interval=report.periodic_advertising_interval,
                        direct_address_type=report.direct_address_type,
                        direct_address=report.direct_address,
                        data=data if is_scan_response else report.data,
                    )
                ])
        elif isinstance(packet, hci.HCI_LE_Advertising_Report_Event) and len(packet.reports) == 1:
            report = packet.reports[0]
            is_scan_response = report.event_type == LegacyEventType.SCAN_RSP
            if is_scan_response and not active:
                return None
            if is_scan_response and advertiser is not None:
                packet = hci.HCI_LE_Advertising_Report_Event([
                    hci.HCI_LE_Advertising_Report_Event.Report(
                        event_type=report.event_type,
                        address_type=report.address_type,
                        address=report.address,
                        data=advertiser[0],
                        rssi=report.rssi,
                    )
                ])
        return super().send_hci_packet(packet)


def listening_socket(port):
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only when the protocol is
    # TCP; with proto 0, Nagle holds back each small HCI packet written while the previous one is
    # unacknowledged, and the host's delayed ACK turns every ATT round trip into ~40 ms.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(('127.0.0.1', port))
    sock.listen(1)
    sock.setblocking(False)
    return sock


async def main():
    ports = [int(p) for p in sys.argv[1:3]] or [0, 0]
    if len(ports) != 2:
        print('usage: bumble_controllers.py [PORT1 PORT2]', file=sys.stderr)
        sys.exit(2)
    link = LocalLink()
    transports = []
    bound = []
    for index, port in enumerate(ports):
        sock = listening_socket(port)
        bound.append(sock.getsockname()[1])
        transport = await open_tcp_server_transport_with_socket(sock)
        transports.append(transport)
        ScanResponseController(f'C{index}', host_source=transport.source, host_sink=transport.sink, link=link)
    print(json.dumps({'event': 'ready', 'ports': bound}), flush=True)

    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    await stop
    for transport in transports:
        await transport.close()


if __name__ == '__main__':
    exit_when_parent_goes_away()
    asyncio.run(main())

#!/usr/bin/env python3
"""A Bumble peripheral that pairs: Nightlight's central pairs with it, bonds, and re-encrypts.

Usage: bumble_pairing_peripheral.py TRANSPORT RANDOM_ADDRESS NAME [options]
  e.g. bumble_pairing_peripheral.py tcp-client:127.0.0.1:40123 C2:33:44:55:66:77 Pairable --io display --mitm

Pairing (Bumble's PairingConfig and PairingDelegate):
  --legacy                       LE legacy pairing (sc=False); LE Secure Connections otherwise
  --mitm                         ask for MITM protection
  --io none|display|keyboard|yesno|keyboard-display   the IO capability (default none)
  --passkey N                    the passkey shown (0…999999); a random one otherwise. Either way
                                 it is printed as `PASSKEY 123456` and as a `passkey` event
  --reject-numeric-comparison    answer "no" to the numeric comparison
  --keystore FILE                keep bonds in a JsonKeyStore in FILE (in memory otherwise)
  --forget-bonds                 delete every bond when a connection ends (a peer that lost the bond)
  --bumble-legacy-ltk-lookup     answer LTK requests as Bumble 0.0.236 does, without the fix of
                                 legacy_aware_key_provider (a legacy bond then cannot re-encrypt)

Faults (each monkey-patches Bumble's SMP session, smp.Session, through Device.smp_session_proxy):
  --disconnect-on pairing-request|public-key   disconnect, unanswered, when that PDU arrives
  --ignore-smp                   drop every SMP PDU: the Pairing Request is never answered
  --tamper-public-key            send another valid P-256 public key than the one used for the
                                 DHKey, consistently (the confirm values cover the sent key, as a
                                 man in the middle would make them), and skip Bumble's own check of
                                 the initiator's DHKey check: the DHKeys differ, so the initiator
                                 must find Eb wrong and fail with DHKey Check Failed
  --invalid-public-key           send (X, 0), a point that is not on P-256 (the fixed-coordinate
                                 invalid-curve attack): the initiator must refuse it

Service SERVICE_UUID (interop_common.py) with READ_UUID (readable by anyone: READ_VALUE) and
SECRET_UUID (READ_REQUIRES_ENCRYPTION: SECRET_VALUE) and AUTH_SECRET_UUID
(READ_REQUIRES_AUTHENTICATION: SECRET_VALUE). Bumble 0.0.236 answers an unencrypted read of the
first with Insufficient Encryption (0x0F) whether or not a bond exists, and of the second with
Insufficient Authentication (0x05); it counts every encrypted LE link as authenticated, Just Works
included. Advertises connectable every 50 ms with its name, again after each disconnection.

Events (JSON lines): ready, connected {peer}, pairing_start, passkey {passkey}, compare {number},
entered {passkey}, paired {sc}, pairing_failed {reason}, encryption {enabled, key_size},
encryption_failed {error}, fault {what}, forgot {count}, disconnected {reason}.
Commands (stdin lines): `passkey N` (what the user types when Bumble has the keyboard),
`disconnect`.
"""

import argparse
import asyncio

from bumble import crypto, smp
from bumble.core import AdvertisingData, UUID
from bumble.device import Device
from bumble.gatt import Characteristic, Service
from bumble.hci import Address
from bumble.keys import JsonKeyStore, MemoryKeyStore
from bumble.pairing import PairingConfig, PairingDelegate
from bumble.transport import open_transport

from interop_common import READ_UUID, READ_VALUE, SERVICE_UUID, commands, emit

SECRET_UUID = '4E4C0007-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
AUTH_SECRET_UUID = '4E4C0008-7A5A-4B3C-9D1E-0F1A2B3C4D5E'
SECRET_VALUE = b'secret from bumble'

IO_CAPABILITIES = {
    'none': PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT,
    'display': PairingDelegate.IoCapability.DISPLAY_OUTPUT_ONLY,
    'keyboard': PairingDelegate.IoCapability.KEYBOARD_INPUT_ONLY,
    'yesno': PairingDelegate.IoCapability.DISPLAY_OUTPUT_AND_YES_NO_INPUT,
    'keyboard-display': PairingDelegate.IoCapability.DISPLAY_OUTPUT_AND_KEYBOARD_INPUT,
}


class Delegate(PairingDelegate):
    """Shows the passkey on stdout, types what the test sends, answers the comparison."""

    def __init__(self, options, typed):
        super().__init__(io_capability=IO_CAPABILITIES[options.io])
        self.options = options
        self.typed = typed

    async def generate_passkey(self):
        if self.options.passkey is not None:
            return self.options.passkey
        return await super().generate_passkey()

    async def display_number(self, number, digits):
        print(f'PASSKEY {number:06}', flush=True)
        emit('passkey', passkey=f'{number:06}')

    async def compare_numbers(self, number, digits):
        emit('compare', number=f'{number:06}', accept=not self.options.reject_numeric_comparison)
        return not self.options.reject_numeric_comparison

    async def get_number(self):
        # The user reads our central's passkey and types it: the test sends `passkey N`.
        emit('enter_passkey')
        passkey = await self.typed.get()
        emit('entered', passkey=f'{passkey:06}')
        return passkey


def session_class(options):
    """smp.Session with the fault asked for, or smp.Session itself."""

    class FaultySession(smp.Session):
        def on_smp_command(self, command):
            if options.ignore_smp:
                emit('fault', what='ignored', command=type(command).__name__)
                return
            super().on_smp_command(command)

        def on_smp_pairing_request_command(self, command):
            if options.disconnect_on == 'pairing-request':
                self.disconnect_now('pairing-request')
                return
            super().on_smp_pairing_request_command(command)

        def on_smp_pairing_public_key_command(self, command):
            if options.disconnect_on == 'public-key':
                self.disconnect_now('public-key')
                return
            super().on_smp_pairing_public_key_command(command)

        def disconnect_now(self, what):
            emit('fault', what=f'disconnect-on-{what}')
            asyncio.ensure_future(self.connection.disconnect())

        # --tamper-public-key: the sent key is another valid one, used in every value that covers
        # the public keys (f4 confirms, g2), while the DHKey comes from the real private key.
        _fake_key = None

        @property
        def pkx(self):
            if options.tamper_public_key:
                if self._fake_key is None:
                    self._fake_key = crypto.EccKey.generate()
                return (self._fake_key.x[::-1], self.peer_public_key_x)
            return super().pkx

        def send_public_key_command(self):
            if options.tamper_public_key:
                x = self.pkx[0]
                emit('fault', what='tampered-public-key', x=x.hex())
                self.send_command(smp.SMP_Pairing_Public_Key_Command(
                    public_key_x=x, public_key_y=self._fake_key.y[::-1]
                ))
                return
            if options.invalid_public_key:
                # (X, 0) is on no P-256 curve point: y² = x³ - 3x + b has no root x (the curve
                # has prime order, so no point of order 2).
                emit('fault', what='invalid-public-key')
                self.send_command(smp.SMP_Pairing_Public_Key_Command(
                    public_key_x=self.ecc_key.x[::-1], public_key_y=bytes(32)
                ))
                return
            super().send_public_key_command()

        def check_expected_value(self, expected, received, error):
            if options.tamper_public_key and error == smp.ErrorCode.DHKEY_CHECK_FAILED:
                # The man in the middle does not check: it answers with its own (wrong) Eb.
                emit('fault', what='dhkey-check-skipped', matched=expected == received)
                return True
            return super().check_expected_value(expected, received, error)

    return FaultySession


def legacy_aware_key_provider(device):
    """Device.get_long_term_key, except that a legacy bond answers with the key its EDIV and Rand name.

    Bumble 0.0.236 cannot re-encrypt a legacy bond as peripheral: smp.Session.on_pairing stores,
    on the responder, its own LTK as `ltk_central` and the central's as `ltk_peripheral`, while
    Device.get_long_term_key ignores EDIV/Rand and answers a peripheral's LTK request with
    `ltk_peripheral`, the central's key; the central encrypts with the peripheral's key (Core 5.4,
    Vol 3, Part H, 2.4.4.2), so the link ends with MIC Failure (0x3D) — two Bumble devices fail
    the same way. The LTK request carries the EDIV and Rand that name the key (Vol 4, Part E,
    7.7.65.5): this provider picks the stored legacy key whose EDIV and Rand match.
    """
    bumble_provider = device.get_long_term_key

    async def provider(connection_handle, rand, ediv):
        connection = device.lookup_connection(connection_handle)
        if connection is not None and device.smp_manager.get_long_term_key(connection, rand, ediv) is None:
            keys = await device.keystore.get(str(connection.peer_address))
            if keys is not None and keys.ltk is None:
                for key in (keys.ltk_central, keys.ltk_peripheral):
                    if key is not None and key.ediv == ediv and key.rand == rand:
                        return key.value
                return None
        return await bumble_provider(connection_handle, rand, ediv)

    return provider


async def main(options):
    loop = asyncio.get_running_loop()
    queue = commands(loop)
    typed = asyncio.Queue()
    async with await open_transport(options.transport) as (source, sink):
        device = Device.with_hci(options.name, Address(options.address), source, sink)
        if options.keystore:
            device.keystore = JsonKeyStore(namespace=None, filename=options.keystore)
        else:
            device.keystore = MemoryKeyStore()
        delegate = Delegate(options, typed)
        device.pairing_config_factory = lambda connection: PairingConfig(
            sc=not options.legacy, mitm=options.mitm, bonding=True, delegate=delegate
        )
        device.smp_session_proxy = session_class(options)
        if not options.bumble_legacy_ltk_lookup:
            device.host.long_term_key_provider = legacy_aware_key_provider(device)

        P = Characteristic.Properties
        readable = Characteristic(READ_UUID, P.READ, Characteristic.READABLE, READ_VALUE)
        secret = Characteristic(
            SECRET_UUID, P.READ, Characteristic.READABLE | Characteristic.READ_REQUIRES_ENCRYPTION, SECRET_VALUE
        )
        auth_secret = Characteristic(
            AUTH_SECRET_UUID, P.READ, Characteristic.READABLE | Characteristic.READ_REQUIRES_AUTHENTICATION, SECRET_VALUE
        )
        device.add_service(Service(SERVICE_UUID, [readable, secret, auth_secret]))

        connections = []

        def on_connection(connection):
            connections.append(connection)
            emit('connected', peer=str(connection.peer_address))

            async def forget():
                keys = await device.keystore.get_all()
                await device.keystore.delete_all()
                emit('forgot', count=len(keys))

            def on_disconnection(reason):
                connections.remove(connection)
                if options.forget_bonds:
                    # Forget before saying so: the test reconnects only after `forgot`.
                    asyncio.ensure_future(forget()).add_done_callback(
                        lambda _: emit('disconnected', reason=int(reason))
                    )
                else:
                    emit('disconnected', reason=int(reason))

            connection.on('disconnection', on_disconnection)
            connection.on('pairing_start', lambda: emit('pairing_start'))
            connection.on('pairing', lambda keys: emit('paired', sc=bool(connection.sc), ltk=keys.ltk is not None))
            connection.on('pairing_failure', lambda reason: emit('pairing_failed', reason=int(reason)))
            connection.on('connection_encryption_change', lambda: emit(
                'encryption', enabled=int(connection.encryption), key_size=int(connection.encryption_key_size)
            ))
            connection.on('connection_encryption_failure', lambda error: emit('encryption_failed', error=int(error)))

        device.on('connection', on_connection)
        await device.power_on()
        advertising_data = bytes(AdvertisingData([
            (AdvertisingData.FLAGS, bytes([0x06])),
            (AdvertisingData.COMPLETE_LOCAL_NAME, options.name.encode()),
        ]))
        await device.start_advertising(
            auto_restart=True,
            advertising_data=advertising_data,
            scan_response_data=bytes(AdvertisingData([
                (AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS, UUID(SERVICE_UUID).to_bytes()),
            ])),
            advertising_interval_min=50,
            advertising_interval_max=50,
        )
        emit('ready', address=str(device.random_address), name=options.name)

        while True:
            line = await queue.get()
            verb, _, argument = line.partition(' ')
            try:
                if verb == 'passkey':
                    typed.put_nowait(int(argument))
                elif verb == 'disconnect':
                    for connection in list(connections):
                        await connection.disconnect()
                elif verb:
                    emit('error', message=f'unknown command {line!r}')
            except Exception as error:  # reported, not fatal: the test decides
                emit('error', message=f'{verb}: {error!r}')


def passkey(text):
    value = int(text)
    if not 0 <= value <= 999_999:
        raise argparse.ArgumentTypeError(f'a passkey has six digits, 0…999999 (got {text})')
    return value


def parse(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('transport')
    parser.add_argument('address')
    parser.add_argument('name')
    parser.add_argument('--legacy', action='store_true')
    parser.add_argument('--mitm', action='store_true')
    parser.add_argument('--io', choices=sorted(IO_CAPABILITIES), default='none')
    parser.add_argument('--passkey', type=passkey, metavar='N')
    parser.add_argument('--reject-numeric-comparison', action='store_true')
    parser.add_argument('--keystore', metavar='FILE')
    parser.add_argument('--forget-bonds', action='store_true')
    parser.add_argument('--bumble-legacy-ltk-lookup', action='store_true')
    parser.add_argument('--disconnect-on', choices=['pairing-request', 'public-key'])
    parser.add_argument('--ignore-smp', action='store_true')
    parser.add_argument('--tamper-public-key', action='store_true')
    parser.add_argument('--invalid-public-key', action='store_true')
    return parser.parse_args(arguments)


if __name__ == '__main__':
    asyncio.run(main(parse()))

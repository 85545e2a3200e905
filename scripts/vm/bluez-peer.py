#!/usr/bin/python3
"""BlueZ as an independent peer of our stack (issue 15, part 3), driven through bluetoothd's D-Bus
API (python3-dbus, python3-gi). Runs in the VM's guest tests (scripts/vm/tests/bluez-peer).

  bluez-peer.py central ADDRESS   bluetoothd's GATT client against a SN: discover it, connect,
                                  list every service, read Device Information and Battery, pair
                                  (Just Works, agent NoInputNoOutput), subscribe to Active State
                                  and print the first notification.
  bluez-peer.py peripheral        a GATT application registered with GattManager1 and an
                                  advertisement with LEAdvertisingManager1 (the name "BlueZ Peer"),
                                  served until SIGTERM; pairing accepted through the agent.

Every line printed is flushed at once: the guest test waits for them (`subscribed`, `ready`).
Every wait is bounded; a failure prints "FAIL: …" and exits 1.
"""

import signal
import sys

import dbus
import dbus.exceptions
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

BLUEZ = "org.bluez"
ADAPTER = "/org/bluez/hci0"
OBJECT_MANAGER = "org.freedesktop.DBus.ObjectManager"
PROPERTIES = "org.freedesktop.DBus.Properties"
AGENT_PATH = "/nightlight/agent"

# The SN's Active State (§4) and the names of the values read.
ACTIVE_STATE = "7a5a0020-d04b-48eb-b3fa-32eb4f0ffac4"
READS = {
    "00002a29-0000-1000-8000-00805f9b34fb": "Manufacturer Name",
    "00002a24-0000-1000-8000-00805f9b34fb": "Model Number",
    "00002a26-0000-1000-8000-00805f9b34fb": "Firmware Revision",
    "00002a19-0000-1000-8000-00805f9b34fb": "Battery Level",
}

# The BlueZ peripheral's service: Echo (read, write), Counter (read, notify: +1 a second while
# notifying) and Secret (read on an encrypted link only: needs pairing).
PEER_SERVICE = "a0b40001-926d-4d61-98df-8c5c62ee53b3"
PEER_ECHO = "a0b40002-926d-4d61-98df-8c5c62ee53b3"
PEER_COUNTER = "a0b40003-926d-4d61-98df-8c5c62ee53b3"
PEER_SECRET = "a0b40004-926d-4d61-98df-8c5c62ee53b3"


def say(line):
    print(line, flush=True)


def fail(message):
    say("FAIL: " + message)
    sys.exit(1)


def hex_of(value):
    return bytes(value).hex()


class Agent(dbus.service.Object):
    """A pairing agent of IO capability NoInputNoOutput that accepts every request (Just Works)."""

    @dbus.service.method("org.bluez.Agent1", in_signature="", out_signature="")
    def Release(self):
        pass

    @dbus.service.method("org.bluez.Agent1", in_signature="os", out_signature="")
    def AuthorizeService(self, device, uuid):
        say(f"agent: AuthorizeService {uuid}")

    @dbus.service.method("org.bluez.Agent1", in_signature="o", out_signature="")
    def RequestAuthorization(self, device):
        say("agent: RequestAuthorization (Just Works) accepted")

    @dbus.service.method("org.bluez.Agent1", in_signature="ou", out_signature="")
    def RequestConfirmation(self, device, passkey):
        say(f"agent: RequestConfirmation {passkey:06d} accepted")

    @dbus.service.method("org.bluez.Agent1", in_signature="", out_signature="")
    def Cancel(self):
        say("agent: Cancel")


class Peer:
    """The bus, the adapter hci0 and bounded waits on the GLib main loop."""

    def __init__(self):
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        self.bus = dbus.SystemBus()
        self.loop = GLib.MainLoop()
        self.adapter = dbus.Interface(self.bus.get_object(BLUEZ, ADAPTER), "org.bluez.Adapter1")
        self.adapter_properties = dbus.Interface(self.bus.get_object(BLUEZ, ADAPTER), PROPERTIES)

    def objects(self):
        manager = dbus.Interface(self.bus.get_object(BLUEZ, "/"), OBJECT_MANAGER)
        return manager.GetManagedObjects()

    def wait(self, seconds, what, condition):
        """Runs the main loop until condition() is true (checked every 0.1 s), at most seconds."""
        if condition():
            return
        state = {"timed_out": False, "sources": []}

        def finish():
            for source in state["sources"]:
                GLib.source_remove(source)
            self.loop.quit()
            return False

        def check():
            return finish() if condition() else True

        def expire():
            state["timed_out"] = True
            return finish()

        state["sources"] = [GLib.timeout_add(100, check), GLib.timeout_add(int(seconds * 1000), expire)]
        self.loop.run()
        if state["timed_out"] and not condition():
            fail(f"waited {seconds}s for {what}")

    def power_on(self):
        self.adapter_properties.Set("org.bluez.Adapter1", "Powered", dbus.Boolean(True))
        self.wait(20, "hci0 powered on", lambda: bool(self.adapter_properties.Get("org.bluez.Adapter1", "Powered")))
        address = self.adapter_properties.Get("org.bluez.Adapter1", "Address")
        # Bondable: without it the kernel pairs without keeping keys (Bonded stays false), and the
        # SN refuses a pairing that does not bond (§9.1).
        self.adapter_properties.Set("org.bluez.Adapter1", "Pairable", dbus.Boolean(True))
        say(f"adapter hci0 {address} powered on, pairable")

    def register_agent(self):
        Agent(self.bus, AGENT_PATH)
        manager = dbus.Interface(self.bus.get_object(BLUEZ, "/org/bluez"), "org.bluez.AgentManager1")
        manager.RegisterAgent(AGENT_PATH, "NoInputNoOutput")
        manager.RequestDefaultAgent(AGENT_PATH)
        say("agent NoInputNoOutput registered as the default")


def call(method, *arguments, timeout=60):
    """A D-Bus method call that must succeed."""
    try:
        return method(*arguments, timeout=timeout)
    except dbus.exceptions.DBusException as error:
        fail(f"{method._method_name}: {error.get_dbus_name()}: {error.get_dbus_message()}")


def central(address):
    peer = Peer()
    peer.power_on()
    peer.register_agent()
    address = address.upper()

    def device_path():
        for path, interfaces in peer.objects().items():
            device = interfaces.get("org.bluez.Device1")
            if device and str(device["Address"]).upper() == address and path.startswith(ADAPTER + "/"):
                return path
        return None

    peer.adapter.SetDiscoveryFilter({"Transport": "le"})
    peer.adapter.StartDiscovery()
    peer.wait(60, f"bluetoothd to discover {address}", lambda: device_path() is not None)
    path = device_path()
    found = peer.objects()[path]["org.bluez.Device1"]
    say(f"discovered {address} ({found.get('AddressType')}) name {found.get('Name')} UUIDs {', '.join(sorted(found.get('UUIDs', [])))}")
    peer.adapter.StopDiscovery()

    device_object = peer.bus.get_object(BLUEZ, path)
    device = dbus.Interface(device_object, "org.bluez.Device1")
    properties = dbus.Interface(device_object, PROPERTIES)
    call(device.Connect)
    peer.wait(60, "ServicesResolved", lambda: bool(properties.Get("org.bluez.Device1", "ServicesResolved")))
    say("connected; services resolved")

    services = {}
    characteristics = {}
    for object_path, interfaces in peer.objects().items():
        if not object_path.startswith(path + "/"):
            continue
        if "org.bluez.GattService1" in interfaces:
            services[object_path] = str(interfaces["org.bluez.GattService1"]["UUID"])
        if "org.bluez.GattCharacteristic1" in interfaces:
            info = interfaces["org.bluez.GattCharacteristic1"]
            characteristics[object_path] = (str(info["UUID"]), str(info["Service"]), [str(flag) for flag in info["Flags"]])
    for service_path, uuid in sorted(services.items(), key=lambda item: item[0]):
        say(f"service {uuid}")
        for characteristic_path, (characteristic, owner, flags) in sorted(characteristics.items()):
            if owner == service_path:
                say(f"  characteristic {characteristic} [{', '.join(flags)}]")

    def characteristic(uuid):
        for characteristic_path, (candidate, _, _) in characteristics.items():
            if candidate == uuid:
                return dbus.Interface(peer.bus.get_object(BLUEZ, characteristic_path), "org.bluez.GattCharacteristic1"), characteristic_path
        fail(f"bluetoothd lists no characteristic {uuid}")

    for uuid, name in READS.items():
        value = call(characteristic(uuid)[0].ReadValue, {})
        text = bytes(value).decode("utf-8", "replace") if uuid != "00002a19-0000-1000-8000-00805f9b34fb" else f"{int(value[0])} %"
        say(f"read {name}: {hex_of(value)} ({text})")

    call(device.Pair)
    peer.wait(30, "Paired", lambda: bool(properties.Get("org.bluez.Device1", "Paired")))
    say(f"paired: Paired={bool(properties.Get('org.bluez.Device1', 'Paired'))} Bonded={bool(properties.Get('org.bluez.Device1', 'Bonded'))}")

    active_state, active_path = characteristic(ACTIVE_STATE)
    received = []

    def changed(interface, changes, invalidated, path=None):
        if path == active_path and interface == "org.bluez.GattCharacteristic1" and "Value" in changes:
            received.append(hex_of(changes["Value"]))

    peer.bus.add_signal_receiver(changed, dbus_interface=PROPERTIES, signal_name="PropertiesChanged", path=active_path, path_keyword="path")
    call(active_state.StartNotify)
    peer.wait(10, "Notifying", lambda: bool(dbus.Interface(peer.bus.get_object(BLUEZ, active_path), PROPERTIES).Get("org.bluez.GattCharacteristic1", "Notifying")))
    say("subscribed to Active State")
    peer.wait(90, "an Active State notification", lambda: bool(received))
    say(f"notification Active State: {received[0]}")
    call(active_state.StopNotify)
    call(device.Disconnect)
    peer.wait(20, "the disconnection", lambda: not bool(properties.Get("org.bluez.Device1", "Connected")))
    say("disconnected")


class Application(dbus.service.Object):
    """The GATT application's root: ObjectManager over its service and characteristics."""

    def __init__(self, bus):
        super().__init__(bus, "/nightlight/peer")
        self.service = Service(bus, self)

    @dbus.service.method(OBJECT_MANAGER, out_signature="a{oa{sa{sv}}}")
    def GetManagedObjects(self):
        objects = {self.service.path: self.service.properties()}
        for characteristic in self.service.characteristics:
            objects[characteristic.path] = characteristic.properties()
        return objects


class Service(dbus.service.Object):
    def __init__(self, bus, application):
        self.path = "/nightlight/peer/service0"
        super().__init__(bus, self.path)
        self.characteristics = [
            Echo(bus, self.path + "/char0", self.path),
            Counter(bus, self.path + "/char1", self.path),
            Secret(bus, self.path + "/char2", self.path),
        ]

    def properties(self):
        return {"org.bluez.GattService1": {"UUID": PEER_SERVICE, "Primary": dbus.Boolean(True)}}


class Characteristic(dbus.service.Object):
    uuid = ""
    flags = []

    def __init__(self, bus, path, service):
        self.path = path
        self.service = service
        self.value = []
        super().__init__(bus, path)

    def properties(self):
        return {"org.bluez.GattCharacteristic1": {
            "UUID": self.uuid, "Service": dbus.ObjectPath(self.service), "Flags": dbus.Array(self.flags, signature="s"),
        }}

    @dbus.service.method("org.bluez.GattCharacteristic1", in_signature="a{sv}", out_signature="ay")
    def ReadValue(self, options):
        say(f"peripheral: read {self.uuid}: {hex_of(self.value)}")
        return dbus.Array([dbus.Byte(byte) for byte in self.value], signature="y")

    @dbus.service.method("org.bluez.GattCharacteristic1", in_signature="aya{sv}")
    def WriteValue(self, value, options):
        raise dbus.exceptions.DBusException("org.bluez.Error.NotPermitted")

    @dbus.service.method("org.bluez.GattCharacteristic1")
    def StartNotify(self):
        raise dbus.exceptions.DBusException("org.bluez.Error.NotSupported")

    @dbus.service.method("org.bluez.GattCharacteristic1")
    def StopNotify(self):
        raise dbus.exceptions.DBusException("org.bluez.Error.NotSupported")

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


class Echo(Characteristic):
    uuid = PEER_ECHO
    flags = ["read", "write"]

    def __init__(self, bus, path, service):
        super().__init__(bus, path, service)
        self.value = list(b"BlueZ")

    @dbus.service.method("org.bluez.GattCharacteristic1", in_signature="aya{sv}")
    def WriteValue(self, value, options):
        self.value = [int(byte) for byte in value]
        say(f"peripheral: write {self.uuid}: {hex_of(self.value)}")


class Counter(Characteristic):
    uuid = PEER_COUNTER
    flags = ["read", "notify"]

    def __init__(self, bus, path, service):
        super().__init__(bus, path, service)
        self.value = [0]
        self.timer = None

    def tick(self):
        self.value = [(self.value[0] + 1) % 256]
        self.PropertiesChanged("org.bluez.GattCharacteristic1", {"Value": dbus.Array([dbus.Byte(self.value[0])], signature="y")}, [])
        return True

    @dbus.service.method("org.bluez.GattCharacteristic1")
    def StartNotify(self):
        say("peripheral: StartNotify counter")
        if self.timer is None:
            self.timer = GLib.timeout_add(1000, self.tick)

    @dbus.service.method("org.bluez.GattCharacteristic1")
    def StopNotify(self):
        say("peripheral: StopNotify counter")
        if self.timer is not None:
            GLib.source_remove(self.timer)
            self.timer = None


class Secret(Characteristic):
    uuid = PEER_SECRET
    flags = ["encrypt-read"]

    def __init__(self, bus, path, service):
        super().__init__(bus, path, service)
        self.value = list(b"paired")


class Advertisement(dbus.service.Object):
    path = "/nightlight/peer/advertisement0"

    def __init__(self, bus):
        super().__init__(bus, self.path)

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return {
            "Type": "peripheral",
            "ServiceUUIDs": dbus.Array([PEER_SERVICE], signature="s"),
            "LocalName": dbus.String("BlueZ Peer"),
            "Discoverable": dbus.Boolean(True),
        }

    @dbus.service.method("org.bluez.LEAdvertisement1")
    def Release(self):
        say("advertisement released")


def peripheral():
    peer = Peer()
    peer.power_on()
    peer.register_agent()
    application = Application(peer.bus)
    advertisement = Advertisement(peer.bus)
    gatt = dbus.Interface(peer.bus.get_object(BLUEZ, ADAPTER), "org.bluez.GattManager1")
    advertising = dbus.Interface(peer.bus.get_object(BLUEZ, ADAPTER), "org.bluez.LEAdvertisingManager1")
    state = {"registered": 0}

    def registered(what):
        def done():
            say(f"registered the {what}")
            state["registered"] += 1
            if state["registered"] == 2:
                say("ready")
        return done

    def refused(what):
        return lambda error: fail(f"registering the {what}: {error}")

    gatt.RegisterApplication(dbus.ObjectPath("/nightlight/peer"), {}, reply_handler=registered("GATT application"), error_handler=refused("GATT application"))
    advertising.RegisterAdvertisement(dbus.ObjectPath(advertisement.path), {}, reply_handler=registered("advertisement"), error_handler=refused("advertisement"))
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, peer.loop.quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, peer.loop.quit)
    peer.loop.run()
    say("stopped")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "central":
        central(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "peripheral":
        peripheral()
    else:
        fail("usage: bluez-peer.py central ADDRESS | peripheral")

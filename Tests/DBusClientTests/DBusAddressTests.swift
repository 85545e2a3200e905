import DBus
import DBusClient
import Testing

@Suite struct DBusAddressTests {
    @Test(arguments: [
        ("unix:path=/run/dbus/system_bus_socket", [DBusAddress.unixPath("/run/dbus/system_bus_socket")]),
        ("unix:path=/tmp/a,guid=0123", [.unixPath("/tmp/a")]),
        ("unix:abstract=/tmp/dbus-X", [.unixAbstract("/tmp/dbus-X")]),
        ("tcp:host=localhost,port=1;unix:path=/tmp/b", [.unixPath("/tmp/b")]),
        ("unix:path=/tmp/with%20space", [.unixPath("/tmp/with space")]),
        ("unix:path=/a;unix:abstract=b", [.unixPath("/a"), .unixAbstract("b")]),
    ])
    func parses(text: String, addresses: [DBusAddress]) throws {
        #expect(try DBusAddress.parse(text) == addresses)
    }

    @Test(arguments: ["", "nocolon", "tcp:host=localhost,port=1", "unix:path", "unix:guid=1", "unix:path=/a%2"])
    func rejects(text: String) {
        #expect {
            try DBusAddress.parse(text)
        } throws: { error in
            (error as? DBusError)?.code == .invalidAddress
        }
    }

    @Test func systemAndSessionBusesFromTheEnvironment() throws {
        #expect(try DBusAddress.systemBus(environment: [:]) == [.unixPath("/run/dbus/system_bus_socket")])
        #expect(try DBusAddress.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/x"]) == [.unixPath("/x")])
        #expect(try DBusAddress.sessionBus(environment: ["XDG_RUNTIME_DIR": "/run/user/5"]) == [.unixPath("/run/user/5/bus")])
        #expect(try DBusAddress.sessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=s", "XDG_RUNTIME_DIR": "/r"]) == [.unixAbstract("s")])
        #expect(throws: DBusError.self) { try DBusAddress.sessionBus(environment: [:]) }
    }

    @Test func matchRulesInTheBusNotation() {
        let rule = DBusMatchRule(sender: "org.bluez", interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", pathNamespace: "/org/bluez", arg0: "it's")
        #expect(rule.description == "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path_namespace='/org/bluez',arg0='it'\\''s'")
    }
}

import DBus
import Testing

@Suite struct DBusNamesTests {
    @Test(arguments: ["/", "/org", "/org/bluez/hci0", "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF", "/_1/a_b"])
    func validObjectPaths(text: String) throws {
        #expect(try DBusObjectPath(text).rawValue == text)
    }

    @Test(arguments: ["", "org", "/org/", "//", "/org//bluez", "/org/blu-ez", "/org.bluez", "/é"])
    func invalidObjectPaths(text: String) {
        #expect(throws: DBusError.self) { try DBusObjectPath(text) }
    }

    @Test(arguments: ["org.bluez", "org.bluez.Adapter1", "_a._b", "org.freedesktop.DBus.Properties"])
    func validInterfaces(text: String) throws {
        try DBusNames.validateInterface(text)
        try DBusNames.validateErrorName(text)
    }

    @Test(arguments: ["", "org", "org.", ".org", "org..bluez", "org.1bluez", "org.blu-ez", "org.bl/uez", String(repeating: "a.", count: 128) + "a"])
    func invalidInterfaces(text: String) {
        #expect(throws: DBusError.self) { try DBusNames.validateInterface(text) }
        #expect(throws: DBusError.self) { try DBusNames.validateErrorName(text) }
    }

    @Test(arguments: ["Hello", "StartDiscovery", "_x", "a1"])
    func validMembers(text: String) throws {
        try DBusNames.validateMember(text)
    }

    @Test(arguments: ["", "1a", "Get.All", "Get-All", String(repeating: "a", count: 256)])
    func invalidMembers(text: String) {
        #expect(throws: DBusError.self) { try DBusNames.validateMember(text) }
    }

    @Test(arguments: [":1.42", ":1.0", "org.bluez", "org.free-desktop.DBus", "a_b.c"])
    func validBusNames(text: String) throws {
        try DBusNames.validateBusName(text)
    }

    @Test(arguments: [":", ":1", "org", "1org.bluez", "org..bluez", "org.bluez.", "org.bl$uez", ""])
    func invalidBusNames(text: String) {
        #expect(throws: DBusError.self) { try DBusNames.validateBusName(text) }
    }

    @Test func descendants() throws {
        let device: DBusObjectPath = "/org/bluez/hci0/dev_AA"
        #expect(device.isDescendant(of: "/org/bluez"))
        #expect(device.isDescendant(of: .root))
        #expect(device.isDescendant(of: device))
        #expect(!device.isDescendant(of: "/org/bluez/hci"))
    }
}

import ArgumentParser
import BLE
import BLECore
import BLEGATT
import BLEToolKit
import Foundation

/// `ble inspect TARGET`: every service, characteristic and descriptor, with every readable value.
struct InspectCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Connect, discover everything, read every readable value and print the tree."
    )

    @Argument(help: ArgumentHelp("The device: its address or advertised name.", valueName: "target"))
    var target: String

    @OptionGroup var options: ToolOptions

    func execute() async throws {
        let terminal = TerminalOutput.standardOutput()
        let tree = try await Connected.run(target, options: options) { device in
            device.step("discovering services…")
            let services = try await device.peripheral.discoverAll()
            var inspected: [InspectedService] = []
            let total = services.reduce(0) { $0 + $1.characteristics.count }
            var done = 0
            for service in services {
                var characteristics: [InspectedCharacteristic] = []
                for characteristic in service.characteristics {
                    done += 1
                    device.step("reading \(done)/\(total): \(characteristic)…")
                    characteristics.append(try await Self.inspect(characteristic))
                }
                inspected.append(InspectedService(
                    uuid: service.uuid, startHandle: service.startHandle, endHandle: service.endHandle,
                    isPrimary: service.isPrimary, characteristics: characteristics
                ))
            }
            return InspectTree(
                name: device.peripheral.name, address: device.peripheral.identifier.description, services: inspected,
                glyphs: terminal.glyphs, style: terminal.style
            )
        }
        ToolOutput.write(options.json ? try tree.json() + "\n" : tree.text)
    }

    /// One characteristic: its value when readable, and its descriptors' values. A read the
    /// peer refuses is shown as such; a lost link ends the command.
    static func inspect(_ characteristic: Characteristic) async throws -> InspectedCharacteristic {
        var descriptors: [InspectedDescriptor] = []
        for descriptor in characteristic.descriptors {
            descriptors.append(InspectedDescriptor(uuid: descriptor.uuid, handle: descriptor.handle, read: try await read { try await descriptor.read() }))
        }
        let value = characteristic.properties.contains(.read) ? try await read { try await characteristic.read() } : nil
        return InspectedCharacteristic(
            uuid: characteristic.uuid, declarationHandle: characteristic.declarationHandle, valueHandle: characteristic.valueHandle,
            properties: characteristic.properties, read: value, descriptors: descriptors
        )
    }

    private static func read(_ body: () async throws -> [UInt8]) async throws -> InspectedRead {
        do {
            return .value(try await body())
        } catch let error as BLEError where error.code == .attError {
            return .failed(error.attErrorCode?.description ?? error.message)
        } catch let error as BLEError where [.pairingFailed, .notBonded, .keyMissing, .securityFailed].contains(error.code) {
            // The value needs a secure link that could not be had: the rest is still worth showing.
            return .failed(error.message)
        }
    }
}

/// `ble read TARGET CHARACTERISTIC`.
struct ReadCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a characteristic's value (as hex, string, number and its SIG meaning)."
    )

    @OptionGroup var attribute: CharacteristicArguments

    @OptionGroup var options: ToolOptions

    func execute() async throws {
        let uuid = try attribute.uuid()
        let value = try await Connected.run(attribute.target, options: options) { device in
            device.step("reading \(uuid)…")
            return try await device.characteristic(uuid, in: try attribute.serviceUUID()).read()
        }
        let rendering = ValueRendering(value, uuid: uuid)
        ToolOutput.print(options.json ? try rendering.json() : rendering.readLine)
    }
}

/// `ble write TARGET CHARACTERISTIC HEX [--without-response]`.
struct WriteCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write hex bytes to a characteristic (long and reliable writes chosen for you)."
    )

    @OptionGroup var attribute: CharacteristicArguments

    @Argument(help: ArgumentHelp("The value in hex, e.g. 0102ff (at most 512 bytes).", valueName: "hex"))
    var value: String

    @Flag(name: .long, help: "Write Command: no response from the device (at most ATT_MTU − 3 bytes).")
    var withoutResponse = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try Arguments.hex(value)
    }

    func execute() async throws {
        let uuid = try attribute.uuid()
        let bytes = try Arguments.hex(value)
        let type: WriteType = withoutResponse ? .withoutResponse : .automatic
        try await Connected.run(attribute.target, options: options) { device in
            device.step("writing \(bytes.count) bytes to \(uuid)…")
            try await device.characteristic(uuid, in: try attribute.serviceUUID()).write(bytes, type: type)
        }
        let rendering = ValueRendering(bytes, uuid: uuid)
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(WriteRecord(written: rendering.record, withResponse: !withoutResponse)))
        } else {
            ToolOutput.print("wrote \(bytes.count) byte\(bytes.count == 1 ? "" : "s") to \(uuid.presentationTitle)\(withoutResponse ? " (without response)" : ""): \(rendering.hex)")
        }
    }
}

/// `ble write-handle TARGET HANDLE HEX`: what `gatttool --char-write` does.
struct WriteHandleCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-handle",
        abstract: "Write hex bytes to an attribute handle with a Write Command, as gatttool char-write-cmd does.",
        discussion: "The colour bulb of the seed turns red with: ble write-handle BULB 0x0028 58010301ff00ff0000"
    )

    @Argument(help: ArgumentHelp("The device: its address or advertised name.", valueName: "target"))
    var target: String

    @Argument(help: ArgumentHelp("The attribute handle in hex, e.g. 0x0028.", valueName: "handle"))
    var handle: String

    @Argument(help: ArgumentHelp("The value in hex.", valueName: "hex"))
    var value: String

    @Flag(name: .long, help: "Write Request instead: the device confirms (gatttool char-write-req).")
    var withResponse = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try Arguments.handle(handle)
        _ = try Arguments.hex(value)
    }

    func execute() async throws {
        let attribute = try Arguments.handle(handle)
        let bytes = try Arguments.hex(value)
        try await Connected.run(target, options: options) { device in
            device.step("writing \(bytes.count) bytes to handle \(TextLayout.hex(attribute))…")
            try await device.peripheral.write(handle: attribute, value: bytes, withoutResponse: !withResponse)
        }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(WriteHandleRecord(handle: Int(attribute), hex: ValueRendering(bytes).record.hex, withResponse: withResponse)))
        } else {
            ToolOutput.print("wrote \(bytes.count) byte\(bytes.count == 1 ? "" : "s") to handle \(TextLayout.hex(attribute))\(withResponse ? "" : " (without response)")")
        }
    }
}

/// `ble subscribe TARGET CHARACTERISTIC [--count N]`.
struct SubscribeCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Print each notified (or indicated) value as it arrives, with a timestamp."
    )

    @OptionGroup var attribute: CharacteristicArguments

    @Option(name: .long, help: ArgumentHelp("Stop after this many values (default: until Ctrl-C).", valueName: "n"))
    var count: Int?

    @Flag(name: .long, help: "Ask for indications (confirmed) rather than notifications.")
    var indicate = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1, not \(count)") }
    }

    func execute() async throws {
        let uuid = try attribute.uuid()
        let indications: Bool? = indicate ? true : nil
        try await Connected.run(attribute.target, options: options) { device in
            let characteristic = try await device.characteristic(uuid, in: try attribute.serviceUUID())
            let values = try await characteristic.subscribe(indicate: indications)
            device.step("subscribed to \(characteristic); Ctrl-C stops")
            ToolOutput.writeError(device.progress.finish())
            var received = 0
            for try await value in values {
                let rendering = ValueRendering(value, uuid: uuid)
                ToolOutput.print(options.json ? try rendering.subscriptionJSONLine(at: Date()) : rendering.subscriptionLine(at: Date()))
                received += 1
                if let count, received >= count { break }
            }
        }
    }
}

/// `ble rssi TARGET`: the signal of a connection, polled every 2 s.
struct RSSICommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "rssi",
        abstract: "Connect and watch the signal: a chart of the last 20 readings with gauge, quality and distance."
    )

    @Argument(help: ArgumentHelp("The device: its address or advertised name.", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("Seconds between readings.", valueName: "seconds"))
    var interval: Double = 2

    @Option(name: .long, help: ArgumentHelp("Stop after this many readings (default: until Ctrl-C).", valueName: "n"))
    var count: Int?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        guard interval.isFinite, interval >= 0.1, interval <= 3600 else {
            throw ValidationError("--interval must be between 0.1 and 3600 seconds, not \(interval)")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1, not \(count)") }
    }

    func execute() async throws {
        let terminal = TerminalOutput.standardOutput()
        let live = terminal.isTerminal && !options.json
        let pause = Duration.milliseconds(Int64(interval * 1000))
        try await Connected.run(target, options: options) { device in
            ToolOutput.writeError(device.progress.finish())
            var history = SignalHistory()
            var frame = LiveFrame(columns: terminal.columns)
            var source = RSSISource.connection
            var taken = 0
            while !Task.isCancelled {
                let rssi: Int
                do {
                    rssi = try await source.read(device.peripheral, central: device.central, within: pause * 5)
                } catch let error as BLEError where error.code == .unsupported && source == .connection {
                    // Some controllers (Bumble's virtual ones) cannot read a connection's RSSI:
                    // follow the device's advertisements instead.
                    ToolOutput.note("ble: note: \(error.message); following \(device.peripheral)'s advertisements instead")
                    try? await device.peripheral.disconnect()
                    source = .advertisements
                    continue
                }
                _ = history.record(rssi: rssi)
                taken += 1
                let now = Date()
                if options.json {
                    ToolOutput.print(try RSSIChart.jsonLine(rssi: rssi, displayed: history.displayed?.rssi, at: now))
                } else if live {
                    var lines = RSSIChart(history: history, glyphs: terminal.glyphs, style: terminal.style).lines
                    lines.append("\(device.peripheral) · \(source.label) · every \(interval) s · Ctrl-C stops")
                    ToolOutput.write(frame.redraw(lines))
                } else {
                    ToolOutput.print(RSSIChart.plainLine(rssi: rssi, at: now))
                }
                if let count, taken >= count { break }
                try await Task.sleep(for: pause)
            }
        }
    }

    /// Where the readings come from.
    enum RSSISource: Equatable {
        /// HCI_Read_RSSI on the connection.
        case connection
        /// The RSSI of the device's advertisements (not connected).
        case advertisements

        var label: String {
            switch self {
            case .connection: "connection RSSI"
            case .advertisements: "advertisement RSSI"
            }
        }

        func read(_ peripheral: Peripheral, central: Central, within limit: Duration) async throws -> Int {
            switch self {
            case .connection:
                return try await peripheral.readRSSI()
            case .advertisements:
                let target = peripheral.identifier
                let heard = try await central.scan(for: limit, until: { $0.address == target && $0.rssi != nil })
                guard let rssi = heard.first(where: { $0.address == target })?.rssi else {
                    throw ToolError("\(peripheral) was not heard for \(limit); is it still advertising and in range?")
                }
                return rssi
            }
        }
    }
}

/// `ble write --json`.
struct WriteRecord: Codable {
    var written: ValueRecord
    var withResponse: Bool
}

/// `ble write-handle --json`.
struct WriteHandleRecord: Codable {
    var handle: Int
    var hex: String
    var withResponse: Bool
}

/// TARGET CHARACTERISTIC [--service UUID]: the arguments of the commands on one characteristic.
struct CharacteristicArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The device: its address or advertised name.", valueName: "target"))
    var target: String

    @Argument(help: ArgumentHelp("The characteristic's UUID (2A19, or the 128-bit form).", valueName: "characteristic"))
    var characteristic: String

    @Option(name: .long, help: ArgumentHelp("The service to look in, when several have the characteristic.", valueName: "uuid"))
    var service: String?

    func validate() throws {
        _ = try uuid()
        _ = try serviceUUID()
    }

    /// The characteristic's UUID.
    func uuid() throws -> BluetoothUUID {
        try Arguments.uuid(characteristic, "characteristic")
    }

    /// The service's UUID, if one was given.
    func serviceUUID() throws -> BluetoothUUID? {
        try service.map { try Arguments.uuid($0, "--service") }
    }
}

import BLEVirtual

/// A kind of virtual device the tools can run by name: `demo`, `sn`, `bean`, ….
///
/// `ble simulate demo demo` makes two instances of the `demo` kind; each gets its own
/// ``Instance/index`` so it can take a distinct address and name.
///
/// ```swift
/// let kind = VirtualDeviceKind(name: "thermometer", summary: "A thermometer that notifies every second") { instance in
///     try Thermometer(index: instance.index)
/// }
/// ```
public struct VirtualDeviceKind: Sendable {
    /// Which instance of its kind a device is, and where it keeps its settings.
    public struct Instance: Sendable, Hashable {
        /// 0 for the first device of the kind in a world, 1 for the second, and so on.
        public var index: Int
        /// The directory a device that keeps settings (as firmware keeps them in flash) stores
        /// its files in, or nil to keep them in memory only.
        public var directory: String?

        /// Creates an instance description.
        public init(index: Int = 0, directory: String? = nil) {
            self.index = index
            self.directory = directory
        }
    }

    /// The name the tools take (`ble simulate demo`); matched case-insensitively.
    public var name: String
    /// One line for listings: what the device is and does.
    public var summary: String
    /// Makes a device of this kind; throws when the instance cannot be made (e.g. an index past
    /// the last address the kind has).
    public var make: @Sendable (Instance) throws -> any VirtualDevice

    /// Creates a kind.
    public init(name: String, summary: String, make: @escaping @Sendable (Instance) throws -> any VirtualDevice) {
        self.name = name
        self.summary = summary
        self.make = make
    }
}

/// The kinds of virtual device the tools know, and the devices of the default `sim` world.
///
/// BLEVirtual registers the generic ``DemoPeripheral`` in ``standard``; modules above it (the SN,
/// the seed profiles' devices) extend that with ``adding(_:demoDistances:)`` where the tools are
/// put together.
///
/// ```swift
/// let catalog = VirtualDeviceCatalog.standard.adding(beanKind, demoDistances: [4])
/// let devices = try catalog.makeDevices(names: ["demo", "bean"])   // for `ble simulate`
/// let transport = try await Transports.open(spec, options: options, sim: SimWorld.transportFactory { world in
///     try await catalog.populate(world)                           // the default demo world
/// })
/// ```
public struct VirtualDeviceCatalog: Sendable {
    /// One device of the default `sim` world: which kind, and how far away.
    public struct Placement: Sendable, Hashable {
        /// The kind's ``VirtualDeviceKind/name``.
        public var kind: String
        /// Metres from the vantage point (the tool's central).
        public var distance: Double

        /// Creates a placement.
        public init(kind: String, distance: Double) {
            self.kind = kind
            self.distance = distance
        }
    }

    /// The kinds, in listing order.
    public var kinds: [VirtualDeviceKind]
    /// The devices ``populate(_:directory:)`` adds to a `sim` world, in order; several
    /// placements of one kind make instances 0, 1, ….
    public var demoWorld: [Placement]

    /// Creates a catalog.
    public init(kinds: [VirtualDeviceKind], demoWorld: [Placement] = []) {
        self.kinds = kinds
        self.demoWorld = demoWorld
    }

    /// The catalog of BLEVirtual alone: the `demo` kind (``DemoPeripheral``), with one demo
    /// device 2 m away in the demo world.
    public static let standard = VirtualDeviceCatalog(
        kinds: [DemoPeripheral.kind],
        demoWorld: [Placement(kind: DemoPeripheral.kind.name, distance: 2)]
    )

    /// The kinds' names, in listing order.
    public var names: [String] { kinds.map(\.name) }

    /// A copy with `kind` added (replacing a kind of the same name, case-insensitively) and placed
    /// in the demo world once at each of `demoDistances` metres.
    public func adding(_ kind: VirtualDeviceKind, demoDistances: [Double] = []) -> VirtualDeviceCatalog {
        var copy = self
        if let index = copy.kinds.firstIndex(where: { Self.matches($0.name, kind.name) }) {
            copy.kinds[index] = kind
        } else {
            copy.kinds.append(kind)
        }
        copy.demoWorld += demoDistances.map { Placement(kind: kind.name, distance: $0) }
        return copy
    }

    /// The kind called `name` (case-insensitively).
    ///
    /// Throws ``VirtualError/Code/unknownDevice`` naming the known kinds otherwise.
    public func kind(named name: String) throws(VirtualError) -> VirtualDeviceKind {
        guard let kind = kinds.first(where: { Self.matches($0.name, name) }) else {
            let known = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw VirtualError(.unknownDevice, "unknown virtual device '\(name)'; known devices: \(known)")
        }
        return kind
    }

    /// Makes one device per name, in order (`ble simulate demo demo bean`); repeated kinds get
    /// instances 0, 1, …, hence distinct addresses.
    ///
    /// Throws ``VirtualError/Code/unknownDevice`` for a name not in the catalog (before making
    /// any device), or the kind's own error.
    public func makeDevices(names: [String], directory: String? = nil) throws -> [any VirtualDevice] {
        try instances(of: names, directory: directory).map { kind, instance in try kind.make(instance) }
    }

    /// Adds the ``demoWorld`` devices to `world`, each at its distance; returns them running.
    @discardableResult
    public func populate(_ world: SimWorld, directory: String? = nil) async throws -> [SimWorld.RunningDevice] {
        let devices = try makeDevices(names: demoWorld.map(\.kind), directory: directory)
        var running: [SimWorld.RunningDevice] = []
        for (device, placement) in zip(devices, demoWorld) {
            running.append(try await world.add(device, distance: placement.distance))
        }
        return running
    }

    /// Each name's kind and instance, counting instances per kind.
    private func instances(of names: [String], directory: String?) throws(VirtualError) -> [(VirtualDeviceKind, VirtualDeviceKind.Instance)] {
        var counts: [String: Int] = [:]
        var result: [(VirtualDeviceKind, VirtualDeviceKind.Instance)] = []
        for name in names {
            let kind = try kind(named: name)
            let key = kind.name.lowercased()
            let index = counts[key, default: 0]
            counts[key] = index + 1
            result.append((kind, VirtualDeviceKind.Instance(index: index, directory: directory)))
        }
        return result
    }

    private static func matches(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased()
    }
}

extension VirtualError.Code {
    /// A virtual device kind was asked for by a name no catalog entry has.
    public static let unknownDevice = VirtualError.Code(rawValue: "unknownDevice")
}

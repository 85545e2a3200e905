// swift-tools-version: 6.1
import PackageDescription

/// One settings list for every target: Swift 6 language mode, strict concurrency, no warnings.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Nightlight",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BLECore", targets: ["BLECore"]),
        .library(name: "BLEGATT", targets: ["BLEGATT"]),
        .library(name: "BLEHCI", targets: ["BLEHCI"]),
        .library(name: "BLEHost", targets: ["BLEHost"]),
        .library(name: "BLETransport", targets: ["BLETransport"]),
        .library(name: "BLEVirtual", targets: ["BLEVirtual"]),
        .library(name: "BLESimulation", targets: ["BLESimulation"]),
        .library(name: "BLETesting", targets: ["BLETesting"]),
        .library(name: "BLE", targets: ["BLE"]),
        .library(name: "BLERuntime", targets: ["BLERuntime"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "DBusClient", targets: ["DBusClient"]),
        .library(name: "BLEBlueZ", targets: ["BLEBlueZ"]),
        .library(name: "Nightlight", targets: ["Nightlight"]),
        .library(name: "NightlightSimulation", targets: ["NightlightSimulation"]),
        .library(name: "NightlightStore", targets: ["NightlightStore"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        .library(name: "DashboardShell", targets: ["DashboardShell"]),
        .library(name: "DeviceExplorer", targets: ["DeviceExplorer"]),
        .library(name: "NightlightDashboard", targets: ["NightlightDashboard"]),
        .library(name: "BLEProfiles", targets: ["BLEProfiles"]),
        .library(name: "BLEProfilesSimulation", targets: ["BLEProfilesSimulation"]),
        .executable(name: "ble", targets: ["ble"]),
        .executable(name: "nightlight", targets: ["nightlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // Floors, bottom up (docs/architecture.md): a target depends only on targets of lower
        // floors; scripts/check-modules checks it and that every import is declared.

        // Foundation: values of the specification; the QR Code encoder.
        .target(name: "BLECore", swiftSettings: swiftSettings),
        .target(name: "QRCode", swiftSettings: swiftSettings),
        // Protocol codecs and state machines, no I/O.
        .target(name: "BLEHCI", dependencies: ["BLECore"], swiftSettings: swiftSettings),
        .target(
            name: "BLEGATT",
            dependencies: ["BLECore", .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // The D-Bus wire format, no I/O (for the BlueZ backend).
        .target(name: "DBus", swiftSettings: swiftSettings),
        // A D-Bus connection over a Unix socket (POSIX, no SwiftNIO).
        .target(name: "DBusClient", dependencies: ["DBus"], swiftSettings: swiftSettings),
        // Radio: transports (SwiftNIO) and the virtual controller.
        .target(name: "BLETransport", dependencies: ["BLEHCI", nio, nioPosix, logging], swiftSettings: swiftSettings),
        .target(name: "BLEVirtual", dependencies: ["BLECore", "BLEHCI", "BLETransport", logging], swiftSettings: swiftSettings),
        // Host.
        .target(name: "BLEHost", dependencies: ["BLECore", "BLEHCI", "BLEGATT", crypto, cryptoExtras, logging], swiftSettings: swiftSettings),
        // API and simulation, side by side above the host.
        .target(name: "BLE", dependencies: ["BLECore", "BLEGATT", "BLEHCI", "BLEHost", logging], swiftSettings: swiftSettings),
        .target(
            name: "BLESimulation",
            dependencies: ["BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLETransport", "BLEVirtual", logging],
            swiftSettings: swiftSettings
        ),
        // Runtime: opening the API on a transport or the simulation.
        .target(name: "BLERuntime", dependencies: ["BLE", "BLEHCI", "BLEHost", "BLETransport", logging], swiftSettings: swiftSettings),
        // BLE's backend over BlueZ (bluetoothd) on the system bus.
        .target(name: "BLEBlueZ", dependencies: ["BLE", "BLECore", "BLEGATT", "BLEHCI", "BLEHost", "DBus", "DBusClient"], swiftSettings: swiftSettings),
        // Profiles: each a client (on BLE) and its virtual device (on BLESimulation).
        .target(name: "Nightlight", dependencies: ["BLECore", "BLEGATT", "BLE", crypto, logging], swiftSettings: swiftSettings),
        .target(
            name: "NightlightSimulation",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLESimulation", "BLEVirtual", "Nightlight", logging],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEProfiles",
            dependencies: ["BLECore", "BLEGATT", "BLE", crypto, cryptoExtras, logging],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEProfilesSimulation",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLESimulation", "BLEVirtual", "BLEProfiles", crypto, cryptoExtras, logging],
            swiftSettings: swiftSettings
        ),
        .target(name: "NightlightStore", dependencies: ["BLECore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: swiftSettings),
        // Apps: the demo world, the command-line kit, the tools, the dashboard.
        .target(
            name: "DemoWorld",
            dependencies: ["BLESimulation", "BLETransport", "NightlightSimulation", "BLEProfilesSimulation"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEToolKit",
            dependencies: ["BLECore", "BLE", "BLEBlueZ", "BLERuntime", "BLESimulation", "BLETransport", "BLEVirtual", argumentParser, logging],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLETool",
            dependencies: [
                "BLECore", "BLEGATT", "BLEHost", "BLE", "BLEBlueZ", "BLERuntime", "BLETransport", "BLEVirtual", "BLESimulation",
                "BLEProfiles", "BLEToolKit", argumentParser, logging,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DashboardShell",
            dependencies: [
                "BLECore", "BLE", "BLEHost", "BLERuntime", "BLETransport", crypto,
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                logging, nio, nioHTTP1,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DeviceExplorer",
            dependencies: [
                "BLECore", "BLE", "BLEProfiles", "DashboardShell",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                nio,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NightlightDashboard",
            dependencies: [
                "BLECore", "BLE", "DashboardShell", "DeviceExplorer", "Nightlight", "NightlightStore", "QRCode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                logging, nio,
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NightlightTool",
            dependencies: [
                "BLECore", "BLE", "BLEHost", "BLEProfilesSimulation", "BLERuntime", "BLESimulation", "BLETransport", "BLEVirtual",
                "BLEToolKit", "DeviceExplorer", "Nightlight", "NightlightSimulation", "NightlightStore", "DashboardShell", "NightlightDashboard",
                "QRCode", argumentParser, nio, nioPosix, logging,
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "ble", dependencies: ["BLETool", "DemoWorld"], swiftSettings: swiftSettings),
        .executableTarget(name: "nightlight", dependencies: ["BLEToolKit", "NightlightTool", "DemoWorld"], swiftSettings: swiftSettings),

        // Benchmarks and test helpers.
        .executableTarget(
            name: "BLEBenchmarks",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLETransport", "BLEVirtual", "BLE", "BLESimulation", "Nightlight", "NightlightSimulation", logging],
            path: "Benchmarks/BLEBenchmarks",
            swiftSettings: swiftSettings
        ),
        .target(name: "DBusTesting", dependencies: ["DBus", "DBusClient"], swiftSettings: swiftSettings),
        .target(
            name: "BLETesting",
            dependencies: ["BLECore", "BLEGATT", logging],
            swiftSettings: swiftSettings
        ),

        // Tests.
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"], exclude: ["Fixtures", "make-vectors.py"], swiftSettings: swiftSettings),
        .testTarget(name: "BLECoreTests", dependencies: ["BLECore", "BLETesting"], swiftSettings: swiftSettings),
        .testTarget(name: "BLEHCITests", dependencies: ["BLECore", "BLEHCI"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "DBusTests", dependencies: ["DBus"], swiftSettings: swiftSettings),
        .testTarget(name: "DBusClientTests", dependencies: ["DBus", "DBusClient", "DBusTesting"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BLEBlueZTests", dependencies: ["BLE", "BLEBlueZ", "BLECore", "BLEGATT", "BLEHost", "DBus", "DBusClient", "DBusTesting"], swiftSettings: swiftSettings
        ),
        .testTarget(name: "BLEGATTTests", dependencies: ["BLECore", "BLEGATT", "BLETesting"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BLETransportTests",
            dependencies: ["BLEHCI", "BLETransport", nio, nioPosix, logging],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "BLEHostTests", dependencies: ["BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLETesting", logging], swiftSettings: swiftSettings),
        .testTarget(
            name: "BLEVirtualTests",
            dependencies: ["BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLEVirtual", "BLESimulation", "BLETransport", "BLETesting", logging],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLETests",
            dependencies: ["BLECore", "BLEGATT", "BLEHCI", "BLEHost", "BLE", "BLERuntime", "BLEVirtual", "BLESimulation", "BLETransport", logging],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightTests",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLE", "BLERuntime", "BLEVirtual", "BLESimulation", "Nightlight", "NightlightSimulation", "BLETesting", crypto, logging],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEProfilesTests",
            dependencies: [
                "BLEProfiles", "BLEProfilesSimulation", "BLE", "BLECore", "BLEGATT", "BLEHost", "BLEVirtual", "BLESimulation",
                "BLETesting", logging,
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "NightlightStoreTests", dependencies: ["NightlightStore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: swiftSettings),
        .testTarget(
            name: "BLEToolTests",
            dependencies: ["BLECore", "BLEGATT", "BLETool", "BLEToolKit", "BLETesting", argumentParser],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightDashboardTests",
            dependencies: [
                "NightlightDashboard", "DashboardShell", "DeviceExplorer", "Nightlight", "NightlightSimulation", "NightlightStore", "BLE",
                "BLEProfiles", "BLEProfilesSimulation",
                "BLESimulation", "BLEVirtual", "DemoWorld",
                "BLECore", "BLETesting", "QRCode", logging, nio, nioPosix,
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightToolTests", dependencies: ["BLECore", "BLEHost", "BLETesting", "NightlightStore", "NightlightTool", logging],
            swiftSettings: swiftSettings
        ),
    ]
)

// Products of the packages we use, by their names in imports.
var nio: Target.Dependency { .product(name: "NIOCore", package: "swift-nio") }
var nioPosix: Target.Dependency { .product(name: "NIOPosix", package: "swift-nio") }
var nioHTTP1: Target.Dependency { .product(name: "NIOHTTP1", package: "swift-nio") }
var logging: Target.Dependency { .product(name: "Logging", package: "swift-log") }
var crypto: Target.Dependency { .product(name: "Crypto", package: "swift-crypto") }
var cryptoExtras: Target.Dependency { .product(name: "_CryptoExtras", package: "swift-crypto") }
var argumentParser: Target.Dependency { .product(name: "ArgumentParser", package: "swift-argument-parser") }

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
        .library(name: "BLETesting", targets: ["BLETesting"]),
        .library(name: "BLE", targets: ["BLE"]),
        .library(name: "Nightlight", targets: ["Nightlight"]),
        .library(name: "NightlightStore", targets: ["NightlightStore"]),
        .library(name: "BLEProfiles", targets: ["BLEProfiles"]),
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
        .target(
            name: "BLECore",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEGATT",
            dependencies: [
                "BLECore",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEHCI",
            dependencies: ["BLECore"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEHost",
            dependencies: [
                "BLECore", "BLEHCI", "BLEGATT",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLETransport",
            dependencies: [
                "BLEHCI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEVirtual",
            dependencies: [
                "BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLETransport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLETesting",
            dependencies: [
                "BLECore", "BLEGATT", "BLEHCI", "BLETransport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLE",
            dependencies: [
                "BLECore", "BLEGATT", "BLEHCI", "BLEHost", "BLETransport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Nightlight",
            dependencies: [
                "BLECore", "BLEGATT", "BLEHost", "BLE", "BLEVirtual",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NightlightStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEProfiles",
            dependencies: [
                "BLECore", "BLEGATT", "BLEHost", "BLE", "BLEVirtual",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLETool",
            dependencies: [
                "BLECore", "BLEGATT", "BLE", "BLETransport", "BLEVirtual", "Nightlight", "BLEProfiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ble",
            dependencies: ["BLETool"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NightlightDashboard",
            dependencies: [
                "BLECore", "BLE", "BLEProfiles", "BLETransport", "BLEVirtual", "Nightlight", "NightlightStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NightlightTool",
            dependencies: [
                "BLECore", "BLE", "BLETool", "BLETransport", "BLEVirtual", "Nightlight", "NightlightStore", "NightlightDashboard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "nightlight",
            dependencies: ["BLETool", "NightlightTool"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BLEBenchmarks",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLETransport", "BLEVirtual", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/BLEBenchmarks",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEProfilesTests",
            dependencies: ["BLEProfiles", "BLE", "BLECore", "BLEGATT", "BLEHost", "BLEVirtual", "BLETesting", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLECoreTests",
            dependencies: ["BLECore", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEHCITests",
            dependencies: ["BLECore", "BLEHCI", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEHostTests",
            dependencies: ["BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLETransportTests",
            dependencies: [
                "BLEHCI", "BLETransport", "BLETesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEVirtualTests",
            dependencies: ["BLECore", "BLEHCI", "BLEGATT", "BLEHost", "BLEVirtual", "BLETransport", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLETests",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLE", "BLEVirtual", "BLETransport", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEToolTests",
            dependencies: [
                "BLECore", "BLEGATT", "BLE", "BLETool", "BLEVirtual", "BLETesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightTests",
            dependencies: ["BLECore", "BLEGATT", "BLEHost", "BLE", "BLEVirtual", "Nightlight", "BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightToolTests",
            dependencies: ["BLETesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightDashboardTests",
            dependencies: [
                "NightlightDashboard", "Nightlight", "NightlightStore", "BLEVirtual", "BLETesting",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NightlightStoreTests",
            dependencies: ["NightlightStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BLEGATTTests",
            dependencies: ["BLECore", "BLEGATT", "BLETesting"],
            swiftSettings: swiftSettings
        ),
    ]
)

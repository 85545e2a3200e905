// swift-tools-version: 6.1
// libFuzzer targets for Nightlight's decoders. Build and run with ../scripts/fuzz TARGET SECONDS.
import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "NightlightFuzzTesting",
    dependencies: [.package(name: "Nightlight", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzATTPDU",
            dependencies: [.product(name: "BLEGATT", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzAdvertisingData",
            dependencies: [.product(name: "BLECore", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzDBusMessage",
            dependencies: [.product(name: "DBus", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzGATTServer",
            dependencies: [
                .product(name: "BLECore", package: "Nightlight"),
                .product(name: "BLEGATT", package: "Nightlight"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzH4Parser",
            dependencies: [.product(name: "BLEHCI", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzHCIEvent",
            dependencies: [
                .product(name: "BLECore", package: "Nightlight"),
                .product(name: "BLEHCI", package: "Nightlight"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzL2CAPReassembly",
            dependencies: [
                .product(name: "BLEHCI", package: "Nightlight"),
                .product(name: "BLEHost", package: "Nightlight"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzSMPCommand",
            dependencies: [.product(name: "BLEHost", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzSMPPairing",
            dependencies: [
                .product(name: "BLECore", package: "Nightlight"),
                .product(name: "BLEHost", package: "Nightlight"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzSNJSON",
            dependencies: [.product(name: "Nightlight", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzSNValues",
            dependencies: [.product(name: "Nightlight", package: "Nightlight")],
            swiftSettings: swiftSettings
        ),
    ]
)

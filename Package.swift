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
        .library(name: "BLETesting", targets: ["BLETesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
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
            name: "BLETesting",
            dependencies: ["BLECore", "BLEGATT"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BLEBenchmarks",
            dependencies: ["BLECore", "BLEGATT"],
            path: "Benchmarks/BLEBenchmarks",
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
            name: "BLEGATTTests",
            dependencies: ["BLECore", "BLEGATT", "BLETesting"],
            swiftSettings: swiftSettings
        ),
    ]
)

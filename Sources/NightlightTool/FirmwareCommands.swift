import ArgumentParser
import BLEToolKit
import Foundation
import Nightlight
import Synchronization

/// `nightlight firmware build|keygen|key|update`.
struct FirmwareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firmware",
        abstract: "Build a signed firmware image, make a signing key, or update a nightlight's firmware.",
        subcommands: [FirmwareBuild.self, FirmwareKeygen.self, FirmwareKey.self, FirmwareUpdate.self]
    )
}

struct FirmwareBuild: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Write a valid, signed SN-1 test image (the §7.1 format).",
        discussion: """
            The image is signed with the key in --key FILE (made by `nightlight firmware keygen`: the 32-byte \
            Ed25519 seed, raw or as 64 hex digits, mode 0600). Without --key it is signed with the SN test \
            vendor key, which virtual nightlights trust and a real one never does.
            """
    )
    @Option(name: .long, help: ArgumentHelp("Its semantic version, e.g. 1.2.0.", valueName: "version")) var version: String
    @Option(name: .long, help: ArgumentHelp("Payload bytes (1…1,048,000).", valueName: "bytes")) var size: Int = 65_536
    @Option(name: .long, help: ArgumentHelp("The signing key file (default: the SN test vendor key, for virtual nightlights only).", valueName: "file"))
    var key: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it.", valueName: "file")) var output: String
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        guard FirmwareImage.isSemanticVersion(version) else { throw ValidationError("invalid --version '\(version)': expected a semantic version such as 1.2.0") }
        guard (1...1_048_000).contains(size) else { throw ValidationError("--size must be 1…1048000 bytes (images are at most 1 MiB)") }
        if key?.isEmpty == true { throw ValidationError("--key needs the path of a signing key file") }
    }

    func execute() async throws {
        var signingKey = FirmwareSigningKey.testVendor
        if let key { signingKey = try FirmwareSigningKey.load(fromFile: key) }
        let image = FirmwareImage.testImage(version: version, payloadSize: size, signingKey: signingKey)
        let bytes = image.encode()
        let temporary = output + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw ToolError("cannot write \(output): check the folder exists and is writable")
        }
        do {
            if FileManager.default.fileExists(atPath: output) { try FileManager.default.removeItem(atPath: output) }
            try FileManager.default.moveItem(atPath: temporary, toPath: output)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ToolError("cannot write \(output): \(error.localizedDescription)")
        }
        let crc = String(CRC32.checksum(bytes), radix: 16)
        let signer = signingKey.isTestVendor
            ? "the SN test vendor key (for virtual nightlights and tests only: a real SN-1 rejects it)"
            : "the key in \(key ?? "") (public key \(signingKey.publicKey.hexString))"
        ToolOutput.print(options.json
            ? try PresentationJSON.encode([
                "file": output, "version": version, "bytes": String(bytes.count), "crc32": crc,
                "publicKey": signingKey.publicKey.hexString, "testKey": String(signingKey.isTestVendor),
            ])
            : "Wrote \(output): SN-1 \(version), \(bytes.count) bytes, CRC-32 0x\(crc), signed with \(signer).")
    }
}

struct FirmwareKeygen: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a new firmware signing key and print its public key.",
        discussion: """
            Writes the Ed25519 seed as 64 hex digits, atomically, readable by you only (mode 0600). An \
            existing file is never replaced unless --force is given. Keep the file secret: whoever holds it \
            can sign firmware that nightlights holding its public key accept.
            """
    )
    @Option(name: [.customShort("o"), .customLong("out")], help: ArgumentHelp("Where to write the key.", valueName: "file")) var out: String
    @Flag(name: .long, help: "Replace the file if it exists (the key in it is lost).") var force = false
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        if out.isEmpty { throw ValidationError("--out needs the path of the key file to write") }
    }

    func execute() async throws {
        let key = FirmwareSigningKey.generate()
        try key.write(toFile: out, overwrite: force)
        ToolOutput.print(options.json
            ? try PresentationJSON.encode(["file": out, "publicKey": key.publicKey.hexString])
            : "Wrote a new signing key to \(out) (mode 0600); keep it secret.\nPublic key: \(key.publicKey.hexString)")
    }
}

struct FirmwareKey: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Print the public key of a signing key file (what the nightlights must hold)."
    )
    @Argument(help: ArgumentHelp("The signing key file.", valueName: "file")) var file: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let key = try FirmwareSigningKey.load(fromFile: file)
        ToolOutput.print(options.json
            ? try PresentationJSON.encode(["file": file, "publicKey": key.publicKey.hexString, "testKey": String(key.isTestVendor)])
            : key.publicKey.hexString + (key.isTestVendor ? " (the SN test vendor key: never for a real device)" : ""))
    }
}

struct FirmwareUpdate: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Update a nightlight's firmware from an image file, resuming after a lost link.",
        discussion: "On success the nightlight restarts and this command checks it runs the new version."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Argument(help: ArgumentHelp("The image file: a signed image (§7.1), as `firmware build` writes.", valueName: "image")) var image: String
    @OptionGroup var options: NightlightOptions

    func loadImage() throws -> FirmwareImage {
        guard let data = FileManager.default.contents(atPath: image) else {
            throw ToolError("cannot read the image \(image): no such file, or not readable")
        }
        do throws(SNValueError) {
            return try FirmwareImage(bytes: Array(data), expectedModel: FirmwareImage.snModel)
        } catch where error.code == .unsignedImage {
            // Told before connecting; the nightlight would reject it at Validate.
            throw ToolError("\(image) cannot be installed, nothing was sent: \(error)")
        } catch {
            throw ToolError("\(image) is not a firmware image for this nightlight: \(error)")
        }
    }

    func execute() async throws {
        let firmware = try loadImage()
        let terminal = TerminalOutput.standardError()
        let json = options.json
        let version = try await Session.run(target, options: options) { session in
            let line = ProgressBox(ProgressLine(isTerminal: terminal.isTerminal, columns: terminal.columns))
            let version = try await session.client.updateFirmware(firmware) { progress in
                if json { return }
                let filled = Int(progress.percent / 5)
                let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled)
                line.show("[\(bar)] \(Int(progress.percent)) % \(progress.phase.rawValue)" + (progress.resumes > 0 ? ", resumed \(progress.resumes)×" : ""))
            }
            line.finish()
            _ = try? await session.store.updateDevice(session.client.peripheral.identifier.description, .init(firmwareVersion: version))
            return version
        }
        ToolOutput.print(json ? try PresentationJSON.encode(["version": version]) : "Firmware updated: now running \(version).")
    }
}

/// A progress line shared with a progress callback.
final class ProgressBox: Sendable {
    private let line: Mutex<ProgressLine>

    init(_ line: ProgressLine) {
        self.line = Mutex(line)
    }

    func show(_ message: String) {
        let text = line.withLock { $0.update(message) }
        ToolOutput.writeError(text)
    }

    func finish() {
        let text = line.withLock { $0.finish() }
        ToolOutput.writeError(text)
    }
}

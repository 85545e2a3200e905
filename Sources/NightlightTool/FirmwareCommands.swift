import ArgumentParser
import BLEToolKit
import Foundation
import Nightlight
import Synchronization

/// `nightlight firmware build|update`.
struct FirmwareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firmware",
        abstract: "Build a test firmware image, or update a nightlight's firmware.",
        subcommands: [FirmwareBuild.self, FirmwareUpdate.self]
    )
}

struct FirmwareBuild: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Write a valid SN-1 test image (the §7 format).")
    @Option(name: .long, help: ArgumentHelp("Its semantic version, e.g. 1.2.0.", valueName: "version")) var version: String
    @Option(name: .long, help: ArgumentHelp("Payload bytes (1…1,048,000).", valueName: "bytes")) var size: Int = 65_536
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it.", valueName: "file")) var output: String
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        guard FirmwareImage.isSemanticVersion(version) else { throw ValidationError("invalid --version '\(version)': expected a semantic version such as 1.2.0") }
        guard (1...1_048_000).contains(size) else { throw ValidationError("--size must be 1…1048000 bytes (images are at most 1 MiB)") }
    }

    func execute() async throws {
        let image = FirmwareImage.testImage(version: version, payloadSize: size)
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
        ToolOutput.print(options.json
            ? try PresentationJSON.encode(["file": output, "version": version, "bytes": String(bytes.count), "crc32": crc])
            : "Wrote \(output): SN-1 \(version), \(bytes.count) bytes, CRC-32 0x\(crc).")
    }
}

struct FirmwareUpdate: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Update a nightlight's firmware from an image file, resuming after a lost link.",
        discussion: "On success the nightlight restarts and this command checks it runs the new version."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Argument(help: ArgumentHelp("The image file.", valueName: "image")) var image: String
    @OptionGroup var options: NightlightOptions

    func loadImage() throws -> FirmwareImage {
        guard let data = FileManager.default.contents(atPath: image) else {
            throw ToolError("cannot read the image \(image): no such file, or not readable")
        }
        do {
            return try FirmwareImage(bytes: Array(data), expectedModel: FirmwareImage.snModel)
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
        FileHandle.standardError.write(Data(text.utf8))
    }

    func finish() {
        let text = line.withLock { $0.finish() }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

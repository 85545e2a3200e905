// The crash of issue 18, item 9, outside the tests: many threads each run short children whose
// standard output and error are read the way CLIRunner read them (`readabilityHandler`, then
// nil and a final read), or with one blocking reader per pipe (as PipeReader does).
//
//   swiftc -o /tmp/readability-churn scripts/readability-churn.swift
//   /tmp/readability-churn handler 16 200   # crashed 5 times in 28 runs (_dispatch_event_loop_drain)
//   /tmp/readability-churn blocking 16 200  # no crash in 18 runs
//
// Prints how many children printed something other than what they were told to.
import Foundation
import Synchronization

final class Buffer: Sendable {
    let data = Mutex(Data())
    let ended = Mutex(false)
    func append(_ more: Data) { data.withLock { $0.append(more) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// One blocking reader thread for `handle`, which it closes at the end of file.
func readBlocking(_ handle: FileHandle) -> Buffer {
    let buffer = Buffer()
    Thread {
        var bytes = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.append(Data(bytes[..<count]))
        }
        try? handle.close()
        buffer.ended.withLock { $0 = true }
    }.start()
    return buffer
}

func runOnce(_ tag: String, blocking: Bool) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "echo out \(tag); echo err \(tag) >&2"]
    let stdout = Pipe(), stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    let out: Buffer, err: Buffer
    if blocking {
        try! process.run()
        out = readBlocking(stdout.fileHandleForReading)
        err = readBlocking(stderr.fileHandleForReading)
    } else {
        out = Buffer()
        err = Buffer()
        stdout.fileHandleForReading.readabilityHandler = { handle in out.append(handle.availableData) }
        stderr.fileHandleForReading.readabilityHandler = { handle in err.append(handle.availableData) }
        try! process.run()
    }
    while process.isRunning { usleep(1000) }
    process.waitUntilExit()
    if blocking {
        while !(out.ended.withLock { $0 } && err.ended.withLock { $0 }) { usleep(500) }
    } else {
        stdout.fileHandleForReading.readabilityHandler = nil
        out.append(stdout.fileHandleForReading.readDataToEndOfFile())
        stderr.fileHandleForReading.readabilityHandler = nil
        err.append(stderr.fileHandleForReading.readDataToEndOfFile())
    }
    return out.text == "out \(tag)\n" && err.text == "err \(tag)\n"
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, ["handler", "blocking"].contains(mode) else {
    print("usage: readability-churn handler|blocking [THREADS] [RUNS]")
    exit(64)
}
let threads = arguments.count > 1 ? Int(arguments[1]) ?? 16 : 16
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let wrong = Mutex(0)
let group = DispatchGroup()
for thread in 0..<threads {
    group.enter()
    Thread {
        for run in 0..<runs where !runOnce("\(thread)-\(run)", blocking: mode == "blocking") {
            wrong.withLock { $0 += 1 }
        }
        group.leave()
    }.start()
}
group.wait()
print("\(mode): \(threads * runs) children, \(wrong.withLock { $0 }) with wrong output")

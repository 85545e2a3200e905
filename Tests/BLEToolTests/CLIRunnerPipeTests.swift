import BLETesting
import Foundation
import Testing

/// Issue 18, item 9: the child processes of the tests, their pipes, and many of them at once.
///
/// `CLIRunner` read a child's standard output and error with `FileHandle.readabilityHandler`:
/// a libdispatch read source per pipe, cancelled when the child ended while its last bytes were
/// read on the test's thread. Under `--parallel`, with dozens of children starting and ending
/// at once, tearing those sources down corrupted libdispatch's epoll bookkeeping (its manager
/// thread crashed in `_dispatch_event_loop_drain`, seen in CI), and the handler still running on
/// the dispatch queue read the same pipe as the final read, so the end of the output could come
/// out of order. Each pipe is now read by one blocking reader (``PipeReader``).
@Suite(.timeLimit(.minutes(3)))
struct CLIRunnerPipeTests {
    static let shell = URL(filePath: "/bin/sh")

    /// While a child runs, each of its output pipes has exactly one descriptor in this process:
    /// the reader's. `readabilityHandler` added a second one, the copy its libdispatch source
    /// watched (that source is what crashed).
    @Test func aChildsPipesAreReadWithoutADispatchSource() async throws {
        let runner = try CLIRunner(executable: Self.shell)
        let child = try runner.start(["-c", "readlink /proc/self/fd/1 /proc/self/fd/2; read line"], takesInput: true)
        let stdoutPipe = try await child.waitForLine { $0.hasPrefix("pipe:[") }
        let stderrPipe = try await child.waitForLine { $0.hasPrefix("pipe:[") && $0 != stdoutPipe }
        #expect(Self.descriptors(to: stdoutPipe) == 1, "descriptors on the child's standard output")
        #expect(Self.descriptors(to: stderrPipe) == 1, "descriptors on the child's standard error")
        try child.send("done")
        let result = try await child.wait(timeout: .seconds(20))
        #expect(result.status == 0)
        #expect(result.lines == [stdoutPipe, stderrPipe])
    }

    /// A child that prints 200,000 numbered lines on standard output and 20,000 on standard error,
    /// and ends at once: every byte arrives, in order, on the right stream.
    @Test func everyByteArrivesInOrder() async throws {
        let runner = try CLIRunner(executable: Self.shell)
        let expected = (1...200_000).map { "\($0)\n" }.joined()
        let expectedError = (1...20_000).map { "e\($0)\n" }.joined()
        for _ in 0..<5 {
            let result = try await runner.run(["-c", "seq 1 200000; seq -f e%g 1 20000 >&2"], timeout: .seconds(60))
            #expect(result.status == 0)
            #expect(result.stdout.count == expected.count)
            #expect(result.stdout == expected, "first difference at byte \(Self.firstDifference(result.stdout, expected))")
            #expect(result.stderr == expectedError, "first difference at byte \(Self.firstDifference(result.stderr, expectedError))")
        }
    }

    /// 400 short children, 16 at a time (as `--parallel` runs the CLI suites, only more), each
    /// with its two pipes read to the end: none is lost, and the test process survives.
    @Test func manyChildrenAtOnce() async throws {
        let runner = try CLIRunner(executable: Self.shell)
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    var good = true
                    for run in 0..<25 {
                        let tag = "\(worker)-\(run)"
                        let result = try await runner.run(["-c", "echo out \(tag); echo err \(tag) >&2; exit 3"], timeout: .seconds(60))
                        good = good && result.status == 3 && result.stdout == "out \(tag)\n" && result.stderr == "err \(tag)\n"
                    }
                    return good
                }
            }
            var outcomes: [Bool] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes == Array(repeating: true, count: 16))
    }

    /// How many of this process's descriptors are open on `pipe` (`pipe:[inode]`, as `readlink`
    /// prints it).
    static func descriptors(to pipe: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == pipe }.count
    }

    static func firstDifference(_ a: String, _ b: String) -> Int {
        var index = 0
        for (x, y) in zip(a.utf8, b.utf8) {
            if x != y { return index }
            index += 1
        }
        return index
    }
}

import BLEToolKit
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM read on an event loop (the dashboard's): the signal handler writes the
/// signal's number to a pipe, whose other end is a channel of the event loop group. libdispatch's
/// signal sources would take its manager thread for two signals that come once.
enum EventLoopSignals {
    /// The write end of the pipe, for the signal handler (−1 while nothing watches).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Writes the signal's number to the pipe: only async-signal-safe calls.
    private static let forward: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(EventLoopSignals.writeEnd, &byte, 1)
    }

    /// Calls `handler` with each SIGINT and SIGTERM until the returned watch is stopped; nil
    /// when the pipe cannot be made (the caller then watches another way).
    static func watch(on group: any EventLoopGroup, _ handler: @escaping @Sendable (Int32) -> Void) -> Watch? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        // Registered without waiting (this may run on an event loop): a signal that comes
        // first stays in the pipe until the channel reads it.
        let channel = NIOPipeBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Reader(handler: handler)) }
            }
            .takingOwnershipOfDescriptor(input: ends[0])
        channel.whenFailure { _ in
            // Nothing reads the pipe: the signals end the process as they would by default.
            Interrupt.restoreDefaultActions()
        }
        _ = writeEnd  // initialised here, never first in the handler
        writeEnd = ends[1]
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forward
            #else
            action.__sigaction_u.__sa_handler = forward
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return Watch(channel: channel, writeEnd: ends[1])
    }

    /// A watch of the signals; ``stop()`` restores their default actions.
    struct Watch: Interrupt.SignalStopping {
        let channel: EventLoopFuture<any Channel>
        let writeEnd: Int32

        func stop() {
            Interrupt.restoreDefaultActions()
            EventLoopSignals.writeEnd = -1
            close(writeEnd)
            channel.whenSuccess { $0.close(promise: nil) }
        }
    }

    /// Hands each byte read (a signal's number) to the handler.
    private final class Reader: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let handler: @Sendable (Int32) -> Void

        init(handler: @escaping @Sendable (Int32) -> Void) {
            self.handler = handler
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            for byte in bytes.readableBytesView { handler(Int32(byte)) }
        }
    }
}

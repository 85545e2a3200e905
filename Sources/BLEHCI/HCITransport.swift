import BLECore

/// A connection between a host and an HCI controller that carries whole packets both ways.
///
/// Implemented by the transports of `BLETransport` (H4 over TCP, Unix sockets, UART, the Linux HCI
/// user channel) and by the in-process virtual controllers of `BLEVirtual`; the host of `BLEHost`
/// drives a controller through it and knows nothing else about the link. The controller side of a
/// link (a virtual controller serving another host) uses the same protocol from the other end.
public protocol HCITransport: Sendable {
    /// Sends one packet to the other end. Packets leave in the order they are sent; throws when
    /// the transport is closed or the link failed.
    func send(_ packet: HCIPacket) async throws

    /// Sends packets in order, as ``send(_:)`` one after the other (the default); a transport
    /// in process may take them in one turn. Throws as ``send(_:)`` at the first that fails.
    func send(contentsOf packets: [HCIPacket]) async throws

    /// The packets received from the other end, in order. The stream finishes when the transport
    /// closes, and throws the link's error when it fails. It can be iterated once.
    var packets: AsyncThrowingStream<HCIPacket, any Error> { get }

    /// Closes the transport; `packets` finishes and later sends throw.
    func close() async

    /// The same packets as ``packets``, for the one reader that takes them all (the host).
    ///
    /// A transport in process (a virtual controller) hands them over through an ``AsyncFIFO``:
    /// `AsyncThrowingStream`'s generic storage looks up type metadata at run time on every
    /// `yield` and `next`, about a tenth of the instructions of an in-process notification
    /// (`docs/performance.md`). The default wraps ``packets``. Read either this or ``packets``,
    /// not both.
    var inbound: HCIInbound { get }
}

extension HCITransport {
    /// ``packets``, as an ``HCIInbound``.
    public var inbound: HCIInbound { HCIInbound(packets) }

    /// Sends each packet with ``send(_:)``, in order.
    public func send(contentsOf packets: [HCIPacket]) async throws {
        for packet in packets { try await send(packet) }
    }
}

/// The packets a transport received, read in order by one task (see ``HCITransport/inbound``).
public struct HCIInbound: AsyncSequence, Sendable {
    public typealias Element = HCIPacket

    enum Source: Sendable {
        case stream(AsyncThrowingStream<HCIPacket, any Error>)
        case fifo(AsyncFIFO<HCIPacket>)
    }

    let source: Source

    /// The packets of a stream.
    public init(_ stream: AsyncThrowingStream<HCIPacket, any Error>) {
        source = .stream(stream)
    }

    /// The packets of a queue: they end when the queue is finished and empty (or the reading
    /// task is cancelled).
    public init(_ fifo: AsyncFIFO<HCIPacket>) {
        source = .fifo(fifo)
    }

    /// The queue behind these packets when the transport hands them over through one, so a
    /// reader can take those already queued without waiting (``AsyncFIFO/poll()``).
    public var queue: AsyncFIFO<HCIPacket>? {
        if case .fifo(let fifo) = source { fifo } else { nil }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .stream(let stream): AsyncIterator(base: .stream(stream.makeAsyncIterator()))
        case .fifo(let fifo): AsyncIterator(base: .fifo(fifo))
        }
    }

    /// Reads the packets in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Base {
            case stream(AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator)
            case fifo(AsyncFIFO<HCIPacket>)
        }

        var base: Base

        /// The next packet; `nil` once the transport closed. Throws the link's error.
        ///
        /// Runs on the caller's executor, so a reader on an actor stays on it.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> HCIPacket? {
            switch base {
            case .fifo(let fifo):
                return await fifo.next()
            case .stream(var iterator):
                defer { base = .stream(iterator) }
                return try await iterator.next(isolation: actor)
            }
        }

        /// The next packet; `nil` once the transport closed. Throws the link's error.
        public mutating func next() async throws -> HCIPacket? {
            try await next(isolation: nil)
        }
    }
}

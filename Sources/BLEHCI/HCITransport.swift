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

    /// The packets received from the other end, in order. The stream finishes when the transport
    /// closes, and throws the link's error when it fails. It can be iterated once.
    var packets: AsyncThrowingStream<HCIPacket, any Error> { get }

    /// Closes the transport; `packets` finishes and later sends throw.
    func close() async
}

import BLECore
import BLEHCI

/// The host's end of a ``VirtualController``'s HCI, in process: whole packets both ways.
///
/// ``send(_:)`` hands a command or ACL packet to the controller, which has handled it (and
/// queued its Command Complete or Command Status on ``packets``) when `send` returns.
/// ``packets`` are the controller's events and ACL data, in order. After ``close()``, the
/// controller's ``VirtualController/hostTransport`` is a fresh transport, so another host (a new
/// client of ``VirtualHCIServer``) can take over the controller.
public struct VirtualHCIHostTransport: HCITransport {
    /// The controller behind this transport.
    public let controller: VirtualController
    let generation: Int
    private let fifo: AsyncFIFO<HCIPacket>

    init(controller: VirtualController, generation: Int, fifo: AsyncFIFO<HCIPacket>) {
        self.controller = controller
        self.generation = generation
        self.fifo = fifo
    }

    /// Hands a packet to the controller; throws ``VirtualError/Code/closed`` once this
    /// transport is closed.
    public func send(_ packet: HCIPacket) async throws {
        try await controller.receive(packet, generation: generation)
    }

    /// Hands packets to the controller in order, in one turn on the controller (as a host
    /// writing them back to back); throws ``VirtualError/Code/closed`` once this transport is
    /// closed.
    public func send(contentsOf packets: [HCIPacket]) async throws {
        try await controller.receive(packets, generation: generation)
    }

    /// The controller's events and ACL data. Finishes when the transport closes.
    public var packets: AsyncThrowingStream<HCIPacket, any Error> {
        let fifo = fifo
        return AsyncThrowingStream(unfolding: { await fifo.next() })
    }

    /// The same packets as ``packets``, from the controller's queue without a stream between.
    public var inbound: HCIInbound { HCIInbound(fifo) }

    /// Closes this transport; the controller keeps its state and waits for a new host.
    public func close() async {
        await controller.closeHost(generation: generation)
    }
}

import BLEHCI
import Logging
import NIOCore
import NIOPosix

/// Settings shared by every transport of this module.
public struct TransportOptions: Sendable {
    /// Which end of the HCI link this side is: it decides which packets the H4 parser accepts.
    public enum Side: Sendable, Hashable {
        /// A host: receives events, ACL, synchronous and ISO data (the default).
        case host
        /// A controller (e.g. a virtual controller serving another host): receives commands and data.
        case controller
    }

    /// Where dropped garbage bytes, refused connections and the listening address are reported.
    public var logger: Logger
    /// The NIO event loops the transports run on.
    public var eventLoopGroup: any EventLoopGroup
    /// How long `tcp-client` and `unix` wait for a connection before failing.
    public var connectTimeout: Duration
    /// Which end of the link this side is.
    public var side: Side
    /// The largest ACL Data_Total_Length the parser accepts; set it to the controller's buffer size
    /// so a corrupted header cannot make the parser wait for 64 KiB.
    public var maximumACLDataLength: Int

    /// Creates options.
    ///
    /// - Parameters:
    ///   - logger: where garbage on the wire and connection events are logged.
    ///   - eventLoopGroup: the NIO event loops (a `MultiThreadedEventLoopGroup`); by default
    ///     NIO's shared singleton.
    ///   - connectTimeout: how long to wait for a connection (`tcp-client`, `unix`); 5 s by default.
    ///   - side: `.host` (default) or `.controller`.
    ///   - maximumACLDataLength: the parser's bound on ACL data length; 65535 by default.
    public init(
        logger: Logger,
        eventLoopGroup: (any EventLoopGroup)? = nil,
        connectTimeout: Duration = .seconds(5),
        side: Side = .host,
        maximumACLDataLength: Int = HCIACLDataPacket.maximumDataLength
    ) {
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton
        self.connectTimeout = connectTimeout
        self.side = side
        self.maximumACLDataLength = maximumACLDataLength
    }

    /// A fresh parser for this side.
    func makeParser() -> H4PacketParser {
        switch side {
        case .host: H4PacketParser.forHost(maximumACLDataLength: maximumACLDataLength)
        case .controller: H4PacketParser.forController(maximumACLDataLength: maximumACLDataLength)
        }
    }

    /// ``connectTimeout`` as NIO's `TimeAmount` (at least 1 ms).
    var connectTimeAmount: TimeAmount {
        let (seconds, attoseconds) = connectTimeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return .nanoseconds(max(nanoseconds, 1_000_000))
    }
}

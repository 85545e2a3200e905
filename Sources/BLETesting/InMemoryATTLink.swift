import BLECore
import BLEGATT
import Synchronization

/// Two ATT bearers joined by an in-memory pipe: a whole "connection" without a radio.
///
/// PDUs are delivered in order, each direction by its own task. A test can look at every PDU that
/// crossed (``sentByCentral``, ``sentByPeripheral``), make one side deaf (``dropsFromCentral``), or
/// cut the link (``disconnect(_:)``).
public final class InMemoryATTLink: Sendable {
    /// The bearer of the side that usually acts as GATT client.
    public let central: ATTBearer
    /// The bearer of the side that usually acts as GATT server.
    public let peripheral: ATTBearer

    private let centralPipe: Pipe
    private let peripheralPipe: Pipe

    /// Joins two new bearers.
    ///
    /// - Parameters:
    ///   - clock: the clock both bearers use for timeouts.
    ///   - centralMTU: the ATT_MTU the central offers.
    ///   - peripheralMTU: the ATT_MTU the peripheral answers with.
    public init(clock: any Clock<Duration>, centralMTU: UInt16 = ATTBearer.maximumMTU, peripheralMTU: UInt16 = ATTBearer.maximumMTU) {
        centralPipe = Pipe()
        peripheralPipe = Pipe()
        central = ATTBearer(transport: centralPipe, clock: clock, preferredMTU: centralMTU)
        peripheral = ATTBearer(transport: peripheralPipe, clock: clock, preferredMTU: peripheralMTU)
        centralPipe.start(deliveringTo: peripheral)
        peripheralPipe.start(deliveringTo: central)
    }

    /// Every PDU the central has sent so far.
    public var sentByCentral: [[UInt8]] { centralPipe.log }
    /// Every PDU the peripheral has sent so far.
    public var sentByPeripheral: [[UInt8]] { peripheralPipe.log }

    /// When true, the central's PDUs are lost on the way (a peer that never answers, seen from the
    /// peripheral; set ``dropsFromPeripheral`` for a server that never answers).
    public var dropsFromCentral: Bool {
        get { centralPipe.drops }
        set { centralPipe.drops = newValue }
    }

    /// When true, the peripheral's PDUs are lost on the way (a server that never answers).
    public var dropsFromPeripheral: Bool {
        get { peripheralPipe.drops }
        set { peripheralPipe.drops = newValue }
    }

    /// Cuts the link: both bearers close with `reason`.
    public func disconnect(_ reason: GATTError = GATTError(.bearerClosed, "the link was disconnected")) async {
        centralPipe.stop()
        peripheralPipe.stop()
        await central.close(reason)
        await peripheral.close(reason)
    }

    final class Pipe: ATTBearerTransport, Sendable {
        private struct State {
            var log: [[UInt8]] = []
            var drops = false
            var continuation: AsyncStream<[UInt8]>.Continuation?
            var task: Task<Void, Never>?
        }

        private let state = Mutex(State())

        var log: [[UInt8]] { state.withLock { $0.log } }
        var drops: Bool {
            get { state.withLock { $0.drops } }
            set { state.withLock { $0.drops = newValue } }
        }

        func start(deliveringTo bearer: ATTBearer) {
            let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
            let task = Task {
                for await pdu in stream {
                    await bearer.receive(pdu)
                }
            }
            state.withLock {
                $0.continuation = continuation
                $0.task = task
            }
        }

        func stop() {
            state.withLock {
                $0.continuation?.finish()
                $0.continuation = nil
            }
        }

        func send(_ pdu: [UInt8]) {
            state.withLock {
                $0.log.append(pdu)
                if !$0.drops { $0.continuation?.yield(pdu) }
            }
        }
    }
}

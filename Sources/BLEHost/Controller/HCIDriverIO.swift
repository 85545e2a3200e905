import BLECore
import BLEHCI
import Logging

/// The controller driver's I/O: what the sans-I/O ``HCIDriver`` cannot hold. One continuation per
/// wait id, one timer per command, and the stream of packets to the controller.
struct HCIDriverIO {
    /// The packets to the controller, in order (a task writes them to the transport).
    let packets = AsyncFIFO<HCIPacket>()
    private var commandSenders: [UInt64: CheckedContinuation<Result<HCIEvent, HostError>, Never>] = [:]
    private var commandTimers: [UInt64: Task<Void, Never>] = [:]
    private var eventWaiters: [UInt64: CheckedContinuation<Result<HCIEvent, HostError>, Never>] = [:]
    private var transmitWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]

    /// Creates the I/O with an open packet stream.
    init() {}

    /// Keeps the continuation of command `id`'s sender.
    mutating func addCommandSender(_ id: UInt64, _ continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) {
        commandSenders[id] = continuation
    }

    /// Keeps command `id`'s timer, or cancels it when the command already finished.
    mutating func addCommandTimer(_ id: UInt64, _ timer: Task<Void, Never>) {
        if commandSenders[id] == nil {
            timer.cancel()
        } else {
            commandTimers[id] = timer
        }
    }

    /// Keeps the continuation of a wait for an event.
    mutating func addEventWaiter(_ id: UInt64, _ continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) {
        eventWaiters[id] = continuation
    }

    /// Keeps the continuation of a wait for transmission.
    mutating func addTransmitWaiter(_ id: UInt64, _ continuation: CheckedContinuation<Void, Never>) {
        transmitWaiters[id] = continuation
    }

    /// Performs one I/O action of the driver: a packet written or a wait resumed (the adapter
    /// routes the other actions).
    mutating func perform(_ action: HCIDriver.Action, logger: Logger) {
        switch action {
        case .send(let packet):
            if case .command(let command) = packet {
                logger.trace("command", metadata: ["packet": "\(command)"])
            }
            packets.yield(packet)
        case .finishCommand(let id, let result):
            commandTimers.removeValue(forKey: id)?.cancel()
            commandSenders.removeValue(forKey: id)?.resume(returning: result)
        case .finishEventWait(let id, let result):
            eventWaiters.removeValue(forKey: id)?.resume(returning: result)
        case .finishTransmitWait(let id):
            transmitWaiters.removeValue(forKey: id)?.resume()
        case .startCommandTimer, .transmitted, .event, .frame, .failed, .log:
            break
        }
    }

    /// Ends the packet stream (the host failed or stopped).
    func finish() {
        packets.finish()
    }
}

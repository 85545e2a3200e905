import BLECore

/// L2CAP_CONNECTION_PARAMETER_UPDATE_REQ: the peripheral asks the central for new connection
/// parameters.
///
/// Core 5.4, Vol 3, Part A, 4.20. Data, 8 octets: Interval Min (2, × 1.25 ms), Interval Max (2),
/// Peripheral Latency (2), Timeout Multiplier (2, × 10 ms). Sent only by the peripheral; a central
/// answers with L2CAP_CONNECTION_PARAMETER_UPDATE_RSP.
public struct L2CAPConnectionParameterUpdateRequest: Sendable, Hashable {
    /// 0x12.
    public static let code = L2CAPSignalingPacket.Code.connectionParameterUpdateRequest

    /// Interval Min (2 octets, × 1.25 ms, 6…3200).
    public var intervalMin: UInt16
    /// Interval Max (2 octets, × 1.25 ms, 6…3200).
    public var intervalMax: UInt16
    /// Peripheral Latency (2 octets, 0…499).
    public var peripheralLatency: UInt16
    /// Timeout Multiplier (2 octets, × 10 ms, 10…3200).
    public var timeoutMultiplier: UInt16

    /// Creates the request.
    public init(intervalMin: UInt16, intervalMax: UInt16, peripheralLatency: UInt16, timeoutMultiplier: UInt16) {
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
        self.peripheralLatency = peripheralLatency
        self.timeoutMultiplier = timeoutMultiplier
    }

    /// Decodes the data of a signaling packet: exactly 8 octets.
    public init(data bytes: [UInt8]) throws(HostError) {
        var reader = ByteReader(bytes)
        guard bytes.count == 8, let min = reader.readUInt16(), let max = reader.readUInt16(),
            let latency = reader.readUInt16(), let timeout = reader.readUInt16()
        else {
            throw HostError(.protocolError, "L2CAP_CONNECTION_PARAMETER_UPDATE_REQ needs 8 bytes of data, \(bytes.count) given")
        }
        self.init(intervalMin: min, intervalMax: max, peripheralLatency: latency, timeoutMultiplier: timeout)
    }

    /// Encodes the data of a signaling packet.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 8)
        writer.writeUInt16(intervalMin)
        writer.writeUInt16(intervalMax)
        writer.writeUInt16(peripheralLatency)
        writer.writeUInt16(timeoutMultiplier)
        return writer.bytes
    }

    /// The request as connection parameters.
    public var parameters: ConnectionParameters {
        ConnectionParameters(
            intervalMin: intervalMin, intervalMax: intervalMax,
            latency: peripheralLatency, supervisionTimeout: timeoutMultiplier
        )
    }
}

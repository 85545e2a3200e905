import BLECore

/// Commands that end with the connection parameters HCI_LE_Create_Connection and
/// HCI_LE_Connection_Update share: Connection_Interval_Min (2), Connection_Interval_Max (2),
/// Max_Latency (2), Supervision_Timeout (2), Min_CE_Length (2), Max_CE_Length (2).
protocol HCIConnectionParameterFields: HCICommand {
    var connectionIntervalMin: UInt16 { get }
    var connectionIntervalMax: UInt16 { get }
    var maxLatency: UInt16 { get }
    var supervisionTimeout: UInt16 { get }
    var minCELength: UInt16 { get }
    var maxCELength: UInt16 { get }
}

extension HCIConnectionParameterFields {
    /// Decodes the six connection parameters, in wire order.
    static func readConnectionParameters(
        from reader: inout ByteReader
    ) throws(HCIDecodingError) -> (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) {
        (
            try reader.requireUInt16("Connection_Interval_Min", of: subject),
            try reader.requireUInt16("Connection_Interval_Max", of: subject),
            try reader.requireUInt16("Max_Latency", of: subject),
            try reader.requireUInt16("Supervision_Timeout", of: subject),
            try reader.requireUInt16("Min_CE_Length", of: subject),
            try reader.requireUInt16("Max_CE_Length", of: subject)
        )
    }

    /// Encodes the six connection parameters.
    func writeConnectionParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionIntervalMin)
        writer.writeUInt16(connectionIntervalMax)
        writer.writeUInt16(maxLatency)
        writer.writeUInt16(supervisionTimeout)
        writer.writeUInt16(minCELength)
        writer.writeUInt16(maxCELength)
    }

    /// Checks the ranges and relations of the connection parameters.
    func validateConnectionParameters() throws(HCIDecodingError) {
        try Self.checkConnectionParameters(
            intervalMin: connectionIntervalMin, intervalMax: connectionIntervalMax, maxLatency: maxLatency,
            supervisionTimeout: supervisionTimeout, minCELength: minCELength, maxCELength: maxCELength
        )
    }
}

extension HCILEConnectionUpdate: HCIConnectionParameterFields {}
extension HCILECreateConnection: HCIConnectionParameterFields {}

import BLECore

extension GATTError {
    /// Whether this is the peer's Attribute Not Found: the normal end of a discovery loop.
    var isAttributeNotFound: Bool { code == .attError && attErrorCode == .attributeNotFound }
}

/// A response that lists attributes in handle order: one page of a loop over a handle range
/// (Read By Type, Read By Group Type, Find By Type Value, Find Information).
protocol GATTHandleListResponse: ATTPDU {
    associatedtype Entry
    /// The entries, as the server sent them.
    var entries: [Entry] { get }
    /// The first and last handle of an entry: a group's declaration and end, or one attribute's handle twice.
    static func handles(of entry: Entry) -> (first: UInt16, last: UInt16)
}

extension ATTReadByTypeResponse: GATTHandleListResponse {
    var entries: [AttributeData] { attributeDataList }
    static func handles(of entry: AttributeData) -> (first: UInt16, last: UInt16) { (entry.attributeHandle, entry.attributeHandle) }
}

extension ATTFindInformationResponse: GATTHandleListResponse {
    var entries: [Entry] { information }
    static func handles(of entry: Entry) -> (first: UInt16, last: UInt16) { (entry.handle, entry.handle) }
}

extension ATTReadByGroupTypeResponse: GATTHandleListResponse {
    var entries: [AttributeData] { attributeDataList }
    static func handles(of entry: AttributeData) -> (first: UInt16, last: UInt16) { (entry.attributeHandle, entry.endGroupHandle) }
}

extension ATTFindByTypeValueResponse: GATTHandleListResponse {
    var entries: [HandlesInformation] { handlesInformationList }
    static func handles(of entry: HandlesInformation) -> (first: UInt16, last: UInt16) { (entry.foundAttributeHandle, entry.groupEndHandle) }
}

/// What a handle-range loop lists, which names it in its errors.
enum GATTListedAttributes {
    /// Service groups, each a declaration to its end group handle; the loop's range must end at
    /// 0xFFFF.
    case services
    /// Single attributes: `plural` names them when a response lists none, `handleName` names a
    /// handle outside the range.
    case attributes(_ plural: String, handleName: String)

    /// The entries, as an empty response is said to list none of them.
    var plural: String {
        switch self {
        case .services: "services"
        case .attributes(let plural, _): plural
        }
    }
}

extension GATTClient {
    /// Loops one request over `range` (Core 5.4, Vol 3, Part G, 4.4 to 4.8): sends
    /// `request(next, end)`, hands each listed entry to `body`, and sends again from the handle after
    /// the last entry, until Attribute Not Found, an entry ending at the range's end, or (with
    /// `onePage`) after the first response.
    ///
    /// The server is not trusted: an empty list, an entry before the handle asked for (so a
    /// repeated or backward answer), past the range or after one ending there, ends the loop with
    /// ``GATTError/Code/invalidResponse``. Every response thus moves `next` forward or ends the loop.
    func forEachListed<Response: GATTHandleListResponse>(
        _ request: (_ start: UInt16, _ end: UInt16) -> any ATTPDU,
        expecting: Response.Type,
        in range: ClosedRange<UInt16>,
        _ procedure: GATTClientProcedure,
        uuid: BluetoothUUID?,
        listing listed: GATTListedAttributes,
        onePage: Bool = false,
        _ body: (Response.Entry) async throws(GATTError) -> Void
    ) async throws(GATTError) {
        var next = range.lowerBound
        var done = false
        while !done {
            let response: Response
            do throws(GATTError) {
                response = try await perform(request(next, range.upperBound), expecting: Response.self, procedure, handle: next, uuid: uuid)
            } catch {
                if error.isAttributeNotFound { return }
                throw error
            }
            guard !response.entries.isEmpty else {
                throw invalidResponse("the \(Response.opcode.name) lists no \(listed.plural)", procedure, handle: next, uuid: uuid)
            }
            for entry in response.entries {
                let (first, last) = Response.handles(of: entry)
                switch listed {
                case .services:
                    guard !done else {
                        throw invalidResponse("a service follows one that ends at 0xFFFF", procedure, handle: first, uuid: uuid)
                    }
                    try checkGroup(start: first, end: last, after: next, procedure, uuid: uuid)
                case .attributes(_, let handleName):
                    guard !done, first >= next, first <= range.upperBound else {
                        throw invalidResponse(
                            "\(handleName) \(clientHex(first)) is outside \(clientHex(next))…\(clientHex(range.upperBound))",
                            procedure, handle: first, uuid: uuid
                        )
                    }
                }
                try await body(entry)
                if last == range.upperBound { done = true } else { next = last + 1 }
            }
            if onePage { done = true }
        }
    }

    /// Checks one service group of a discovery response: `after ≤ start ≤ end`.
    private func checkGroup(
        start: UInt16, end: UInt16, after next: UInt16, _ procedure: GATTClientProcedure, uuid: BluetoothUUID?
    ) throws(GATTError) {
        guard start >= next, start != 0 else {
            throw invalidResponse(
                "service handle \(clientHex(start)) is before \(clientHex(next)): handles must increase",
                procedure, handle: start, uuid: uuid
            )
        }
        guard end >= start else {
            throw invalidResponse("service end handle \(clientHex(end)) is before its start \(clientHex(start))", procedure, handle: start, uuid: uuid)
        }
    }
}

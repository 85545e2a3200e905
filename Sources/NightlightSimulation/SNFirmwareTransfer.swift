import Nightlight

/// The device side of the firmware update (SN profile §7) as a state machine without I/O: it
/// takes Control Point requests and Data packets and says what to answer.
///
/// A transfer starts with Start (size and CRC-32 of the whole image); Data packets append at the
/// offset received so far (others are dropped); a Start with the same size and CRC resumes where
/// the transfer stopped. Validate checks the CRC (status 3, and the transfer is discarded), the
/// image header and the signature with ``vendorKey`` (§7.1: status 4 for an image with header
/// version 1, without a signature, or whose signature does not verify; discarded, and the running
/// firmware stays); Activate hands over a validated image; Abort discards the transfer.
struct SNFirmwareTransfer: Sendable {
    /// A transfer in progress.
    struct Transfer: Sendable {
        /// The image size announced by Start.
        var size: Int
        /// The CRC-32 of the whole image announced by Start.
        var crc: UInt32
        /// The bytes received so far.
        var received: [UInt8] = []
        /// The CRC-32 of ``received``.
        var receivedCRC = CRC32()
        /// The image, once Validate accepted it.
        var validated: FirmwareImage?
    }

    /// The vendor's public key: the signatures the SN accepts (§7.1).
    let vendorKey: FirmwarePublicKey
    /// The transfer in progress, if any.
    private(set) var transfer: Transfer?
    /// Why the last Validate rejected the image (status 4), for the device's log.
    private(set) var rejection: String?

    /// A SN holding `vendorKey`, with no transfer.
    init(vendorKey: FirmwarePublicKey = .testVendor) {
        self.vendorKey = vendorKey
    }

    /// The number of bytes received so far (0 without a transfer).
    var receivedCount: Int { transfer?.received.count ?? 0 }

    /// Answers a Control Point request; `image` is the image to restart into after an accepted
    /// Activate.
    mutating func handle(_ request: FirmwareControlRequest) -> (response: FirmwareControlResponse, image: FirmwareImage?) {
        func fail(_ status: FirmwareStatus) -> (FirmwareControlResponse, FirmwareImage?) {
            (.failure(request: request.opcode, status: status), nil)
        }
        switch request {
        case .start(let size, let crc):
            guard size > 0, Int(size) <= FirmwareImage.maximumByteCount else { return fail(.invalidParameter) }
            if let current = transfer, current.size == Int(size), current.crc == crc {
                return (.start(offset: UInt32(current.received.count)), nil)
            }
            transfer = Transfer(size: Int(size), crc: crc)
            transfer?.received.reserveCapacity(Int(size))  // the image's room, taken once
            return (.start(offset: 0), nil)
        case .query:
            guard let transfer else { return fail(.invalidState) }
            return (.query(offset: UInt32(transfer.received.count), crc: transfer.receivedCRC.checksum), nil)
        case .validate:
            guard let current = transfer, current.received.count == current.size else { return fail(.invalidState) }
            guard current.receivedCRC.checksum == current.crc else {
                transfer = nil
                return fail(.crcMismatch)
            }
            let image: FirmwareImage
            do throws(SNValueError) {
                image = try FirmwareImage(bytes: current.received)
                try image.verifySignature(with: vendorKey)
            } catch {
                transfer = nil
                rejection = error.description
                return fail(.imageRejected)
            }
            rejection = nil
            transfer?.validated = image
            return (.validate, nil)
        case .activate:
            guard let image = transfer?.validated else { return fail(.invalidState) }
            transfer = nil
            return (.activate, image)
        case .abort:
            transfer = nil
            return (.abort, nil)
        }
    }

    /// Takes a Data packet; returns whether it was appended (its offset is the count received so
    /// far, it fits the announced size, and the image is not validated yet).
    @discardableResult
    mutating func receive(_ packet: FirmwareDataPacket) -> Bool {
        receive(offset: packet.offset, data: packet.data[...])
    }

    /// Takes the `data` of a Data packet at `offset`, as ``receive(_:)`` does.
    @discardableResult
    mutating func receive(offset: UInt32, data: ArraySlice<UInt8>) -> Bool {
        guard var current = transfer, current.validated == nil, Int(offset) == current.received.count,
              current.received.count + data.count <= current.size
        else { return false }
        transfer = nil  // keeps the buffer uniquely referenced while it grows
        current.received += data
        current.receivedCRC.update(data)
        transfer = current
        return true
    }
}

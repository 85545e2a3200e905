import DBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX side of a bus connection: the Unix stream socket, whole writes, and the SASL
/// EXTERNAL handshake (D-Bus spec, "Authentication Protocol").
enum DBusSocket {
    /// Connects a stream socket to `address`.
    static func connect(_ address: DBusAddress) throws -> CInt {
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw failure(errno, address, "could not create a Unix socket") }
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        let pathBytes: [UInt8]
        switch address {
        case .unixPath(let path): pathBytes = Array(path.utf8)
        case .unixAbstract(let name): pathBytes = [0] + Array(name.utf8)
        }
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard pathBytes.count < capacity else {
            closeDescriptor(descriptor)
            throw DBusError(.invalidAddress, "\(address): the socket path is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            for (offset, byte) in pathBytes.enumerated() { raw[offset] = byte }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        // An abstract name's length is exact (no NUL terminator); a path's includes its NUL.
        let length = socklen_t(pathOffset + pathBytes.count + (pathBytes.first == 0 ? 0 : 1))
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { posixConnect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let code = errno
            closeDescriptor(descriptor)
            throw failure(code, address, "could not connect")
        }
        return descriptor
    }

    /// Writes every byte, retrying on interruption.
    static func sendAll(_ descriptor: CInt, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, CInt(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw DBusError(.disconnected, "writing to the bus failed: \(errnoText(errno))")
            }
            offset += sent
        }
    }

    /// Reads whatever is there (blocking), and the descriptors that came with it (`SCM_RIGHTS`,
    /// opened close-on-exec); a count of 0 at the end of the stream.
    static func receive(_ descriptor: CInt, into chunk: inout [UInt8], descriptors: inout [CInt]) throws -> Int {
        var control = [UInt8](repeating: 0, count: controlSpace(descriptors: maximumDescriptors))
        while true {
            var controlLength = 0
            let count = withMessageHeader(&chunk, &control) { header in
                defer { controlLength = Int(header.msg_controllen) }
                return recvmsg(descriptor, &header, CInt(MSG_CMSG_CLOEXEC))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw DBusError(.disconnected, "reading from the bus failed: \(errnoText(errno))")
            }
            descriptors.append(contentsOf: parseRights(control, length: controlLength))
            return count
        }
    }

    /// Calls `body` with a `msghdr` of one data buffer and a control buffer.
    private static func withMessageHeader(
        _ data: inout [UInt8], _ control: inout [UInt8], _ body: (inout msghdr) -> Int
    ) -> Int {
        data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    return body(&header)
                }
            }
        }
    }

    /// The most descriptors one read may carry (Linux's `SCM_MAX_FD`).
    static let maximumDescriptors = 253

    /// Bytes of control buffer for `count` descriptors: `CMSG_SPACE(count * 4)`.
    static func controlSpace(descriptors count: Int) -> Int {
        headerSize + ((count * 4 + wordSize - 1) / wordSize) * wordSize
    }

    private static let wordSize = MemoryLayout<Int>.size
    /// `sizeof(struct cmsghdr)`: a `size_t` length, then two ints (level, type).
    private static let headerSize = MemoryLayout<Int>.size + 8

    /// The descriptors of every `SCM_RIGHTS` control message in `control`.
    static func parseRights(_ control: [UInt8], length: Int) -> [CInt] {
        var found: [CInt] = []
        var offset = 0
        control.withUnsafeBytes { raw in
            while offset + headerSize <= min(length, raw.count) {
                let messageLength = raw.loadUnaligned(fromByteOffset: offset, as: Int.self)
                let level = raw.loadUnaligned(fromByteOffset: offset + wordSize, as: CInt.self)
                let type = raw.loadUnaligned(fromByteOffset: offset + wordSize + 4, as: CInt.self)
                guard messageLength >= headerSize, offset + messageLength <= raw.count else { break }
                if level == SOL_SOCKET, type == CInt(SCM_RIGHTS) {
                    for index in 0..<((messageLength - headerSize) / 4) {
                        found.append(raw.loadUnaligned(fromByteOffset: offset + headerSize + index * 4, as: CInt.self))
                    }
                }
                offset += ((messageLength + wordSize - 1) / wordSize) * wordSize
            }
        }
        return found
    }

    /// Writes every byte, the descriptors (`SCM_RIGHTS`) with the first ones.
    static func sendAll(_ descriptor: CInt, _ bytes: [UInt8], descriptors: [CInt]) throws {
        guard !descriptors.isEmpty else { return try sendAll(descriptor, bytes) }
        var control = [UInt8](repeating: 0, count: controlSpace(descriptors: descriptors.count))
        control.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: headerSize + descriptors.count * 4, toByteOffset: 0, as: Int.self)
            raw.storeBytes(of: SOL_SOCKET, toByteOffset: wordSize, as: CInt.self)
            raw.storeBytes(of: CInt(SCM_RIGHTS), toByteOffset: wordSize + 4, as: CInt.self)
            for (index, value) in descriptors.enumerated() {
                raw.storeBytes(of: value, toByteOffset: headerSize + index * 4, as: CInt.self)
            }
        }
        while true {
            var data = bytes
            let sent = withMessageHeader(&data, &control) { header in sendmsg(descriptor, &header, CInt(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw DBusError(.disconnected, "writing to the bus failed: \(errnoText(errno))")
            }
            if sent < bytes.count { try sendAll(descriptor, Array(bytes[sent...])) }
            return
        }
    }

    /// Authenticates with SASL EXTERNAL as this process's user, then sends `BEGIN`; returns the
    /// server's GUID. The socket has a receive timeout meanwhile, so a silent server fails the
    /// connection instead of hanging it.
    static func authenticate(_ descriptor: CInt, timeout: Duration) throws -> (guid: String, descriptorPassing: Bool) {
        var seconds = timeout.components.seconds
        if seconds <= 0 { seconds = 1 }
        var interval = timeval(tv_sec: Int(seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        defer {
            var none = timeval(tv_sec: 0, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
        }
        var pending: [UInt8] = []
        try sendAll(descriptor, [0] + Array(DBusSASL.authLine(uid: UInt32(getuid())).utf8))
        let answer = try readLine(descriptor, &pending)
        let guid = try DBusSASL.guid(fromReply: answer)
        try sendAll(descriptor, Array(DBusSASL.negotiateUnixFD.utf8))
        let descriptorPassing = DBusSASL.agreesToUnixFD(try readLine(descriptor, &pending))
        try sendAll(descriptor, Array(DBusSASL.begin.utf8))
        return (guid, descriptorPassing)
    }

    private static func readLine(_ descriptor: CInt, _ pending: inout [UInt8]) throws -> String {
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<end]
                pending.removeFirst(end + 1)
                return String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            }
            guard pending.count < 16_384 else {
                throw DBusError(.protocolViolation, "the bus sent a 16 KiB authentication line; is this a D-Bus socket?")
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    throw DBusError(.timedOut, "the bus did not answer the authentication; is this a D-Bus socket?")
                }
                throw DBusError(.disconnected, "reading from the bus failed: \(errnoText(code))")
            }
            guard count > 0 else {
                throw DBusError(.authenticationFailed, "the bus closed the connection during authentication")
            }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    private static func posixConnect(_ descriptor: CInt, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> CInt {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }

    static func closeDescriptor(_ descriptor: CInt) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    private static func failure(_ code: CInt, _ address: DBusAddress, _ what: String) -> DBusError {
        switch code {
        case ENOENT, ECONNREFUSED:
            DBusError(.notFound, "\(what) to the bus at \(address): \(errnoText(code)); is dbus-daemon running?")
        case EACCES, EPERM:
            DBusError(.permissionDenied, "\(what) to the bus at \(address): \(errnoText(code))")
        default:
            DBusError(.connectionFailed, "\(what) to the bus at \(address): \(errnoText(code))")
        }
    }

    static func errnoText(_ code: CInt) -> String {
        String(cString: strerror(code))
    }
}

/// The SASL lines of the EXTERNAL mechanism and of descriptor negotiation, without I/O (D-Bus spec, "Authentication Protocol").
enum DBusSASL {
    /// `AUTH EXTERNAL <uid as decimal text, hex-encoded>`.
    static func authLine(uid: UInt32) -> String {
        let hex = String(uid).utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        return "AUTH EXTERNAL \(hex)\r\n"
    }

    /// Asks to pass Unix descriptors with messages (`SCM_RIGHTS`).
    static let negotiateUnixFD = "NEGOTIATE_UNIX_FD\r\n"

    /// Whether the server answered `NEGOTIATE_UNIX_FD` with `AGREE_UNIX_FD` (else `ERROR`).
    static func agreesToUnixFD(_ line: String) -> Bool { line == "AGREE_UNIX_FD" }

    /// Ends the handshake; the binary message stream follows.
    static let begin = "BEGIN\r\n"

    /// The server GUID of an `OK <guid>` reply; throws on `REJECTED`, `ERROR` and anything else.
    static func guid(fromReply line: String) throws -> String {
        if line.hasPrefix("OK ") { return String(line.dropFirst(3)) }
        if line.hasPrefix("REJECTED") {
            throw DBusError(.authenticationFailed, "the bus rejected SASL EXTERNAL authentication as uid \(getuid()) (it offers: \(line.dropFirst(8)))")
        }
        throw DBusError(.authenticationFailed, "unexpected authentication reply '\(line.prefix(80))'")
    }
}

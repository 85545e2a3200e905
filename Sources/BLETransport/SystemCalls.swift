#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls whose names clash with Swift methods (`open`, `close`), qualified once.
enum SystemCalls {
    /// `open(2)`; returns the descriptor or -1 with `errno` set.
    static func open(_ path: String, _ flags: CInt) -> CInt {
        #if canImport(Glibc)
        Glibc.open(path, flags)
        #else
        Darwin.open(path, flags)
        #endif
    }

    /// `close(2)`, ignoring the result (nothing can be done about a failed close).
    static func close(_ descriptor: CInt) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}

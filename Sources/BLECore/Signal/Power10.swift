#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// `10 ^ exponent`, from the platform C library (the standard library has no `pow`).
func power10(_ exponent: Double) -> Double {
    pow(10, exponent)
}

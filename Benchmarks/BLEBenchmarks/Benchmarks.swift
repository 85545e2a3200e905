import BLECore

@main
struct Benchmarks {
    static func main() {
        print("benchmarks: not yet")
    }
}

import DBusClient

/// A socket BlueZ handed over (`AcquireWrite`, `AcquireNotify`) and the link's ATT_MTU then.
final class BlueZAcquiredSocket: Sendable {
    let socket: DBusPacketSocket
    let mtu: Int

    init(socket: DBusPacketSocket, mtu: Int) {
        self.socket = socket
        self.mtu = mtu
    }
}

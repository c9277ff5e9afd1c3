import Foundation
import VitalsServer
import VitalsTesting

extension TestClock {
    /// ``ServerConfiguration/testing`` with this clock as the server's.
    var configuration: ServerConfiguration {
        var configuration = ServerConfiguration.testing
        configuration.now = { [self] in now }
        return configuration
    }
}

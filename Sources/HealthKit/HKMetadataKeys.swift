/// Metadata keys the adapter and its tests use, with Apple's documented values.

/// The IANA zone a sample was recorded in (`HKMetadataKeyTimeZone`), a string.
public let HKMetadataKeyTimeZone = "HKTimeZone"

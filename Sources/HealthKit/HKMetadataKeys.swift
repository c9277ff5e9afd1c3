/// Metadata keys the adapter and its tests use, with Apple's documented values.

/// The IANA zone a sample was recorded in (`HKMetadataKeyTimeZone`), a string.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's own name.
public let HKMetadataKeyTimeZone = "HKTimeZone"

/// The app's own identity for a sample (`HKMetadataKeySyncIdentifier`), a string: a later save
/// with the same identifier and a higher `HKMetadataKeySyncVersion` replaces it.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's own name.
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"

/// The version of a sample saved with `HKMetadataKeySyncIdentifier`, a number.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's own name.
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"

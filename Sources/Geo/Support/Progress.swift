/// Reports the progress of long work: a label and the fraction done (0…1).
///
/// The library only calls it; the CLI decides where it goes (stderr, and only on a terminal).
public typealias ProgressHandler = @Sendable (_ label: String, _ fraction: Double) -> Void

// The C library of the platform, in one place: the modules that make system calls import
// `Platform`, not Glibc, so a build for Musl (a static Linux binary) or Darwin changes this
// file, not forty. The calls a module qualifies (a type of its own has a `read` or an `open`)
// are here by names of their own.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("tstack builds on Linux (Glibc or Musl) and on Darwin")
#endif

/// `read(2)`: up to `count` bytes of `descriptor` into `buffer`.
/// - Returns: the bytes read, 0 at the end, -1 on an error (`errno` says which).
@inlinable
public func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`: up to `count` bytes of `buffer` to `descriptor`.
/// - Returns: the bytes written, -1 on an error (`errno` says which).
@inlinable
public func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// `open(2)` of `path` with `flags` (and `mode`, for a file it creates).
/// - Returns: the descriptor, -1 on an error (`errno` says which).
@inlinable
public func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

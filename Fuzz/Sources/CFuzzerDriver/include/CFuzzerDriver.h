#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own `main` (SwiftPM renames an executable's
/// entry point, so the fuzzers call this instead of relying on libFuzzer's `main`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif

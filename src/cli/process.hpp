#pragma once
// The process around a command: its signal dispositions and its end.
namespace attn::cli {

// Whatever the parent left: SIGPIPE at its default, so a closed pipe on stdout (`attn … | head`)
// ends attn at once and quietly, as it ends cat or git (the shell reports 128 + 13 = 141);
// SIGXFSZ ignored, so a write past `ulimit -f` fails with EFBIG and is reported (exit 3; an
// --svg file's temporary is removed) instead of killing attn midway.
void set_signal_policy();

// main's last step: returns `code`, or, under an address-space limit (`ulimit -v`), flushes and
// ends the process with it at once: OpenBLAS's exit handler joins its worker threads, and a
// worker that could not map its buffer never returns (core/address_space.hpp).
int end_process(int code);

}  // namespace attn::cli

#pragma once
// Limits and range checks shared by the experiments. Every check runs before memory is taken and
// throws attn::UsageError naming the flag and the allowed range (exit code 2).
#include <cstddef>
#include <string>
#include <vector>

namespace attn::experiments {

inline constexpr long kMaxDimension = 100000;               // D, N, Dq, H: each at most this
inline constexpr long kMaxRepeats = 100000000;              // R (scaling): the draws limit it too
inline constexpr double kMaxDraws = 2.0e9;                  // normals of one run (~5 s)

// Memory. Each experiment's validate() models its peak from the arrays alive at its fullest
// moment (in doubles, from the shapes) plus kProcessBytes for the process itself (code,
// libraries, OpenBLAS's packing buffers); docs/performance.md has the model against peak RSS
// measured with /usr/bin/time -v. A run is refused when the model exceeds memory_limit_bytes():
// 3/4 of this machine's memory (or of its cgroup's limit, when one is set), at most 64 GiB.
inline constexpr double kProcessBytes = 8.0 * (1 << 20);
inline constexpr double kMemoryCeilingBytes = 64.0 * (1ull << 30);
double memory_limit_bytes();
inline double peak_bytes(double doubles) { return 8.0 * doubles + kProcessBytes; }

void require_in_range(const std::string& flag, long value, long lo, long hi,
                      const std::string& why = "");
// --d, --n and --dq of the attention experiments, each in 1..kMaxDimension.
void require_attention_shape(long d, long n, long dq);
// A finite number in lo..hi (NaN and infinities refused).
void require_finite_in(const std::string& flag, double value, double lo, double hi,
                       const std::string& why = "");
// "--d D --n N --dq Dq": the flags a memory refusal of sections 3, 4 and 6 names.
std::string size_flags(long d, long n, long dq);

// `flags` describes the sizes that drive the estimate, e.g. "--d 100000 --n 100000".
void require_memory(double bytes, const std::string& flags);
void require_draws(double draws, const std::string& flags);
// Lists: non-empty, no duplicates, each item in lo..hi.
void require_list(const std::string& flag, const std::vector<long>& values, long lo, long hi,
                  bool allow_empty = false);

}  // namespace attn::experiments

#pragma once
// Limits and range checks shared by the experiments. Every check runs before memory is taken and
// throws attn::UsageError naming the flag and the allowed range (exit code 2).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "experiments/output_format.hpp"

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

// The JSON text of one number, measured: 19-22 characters ("0.17063427533995335",
// "-1.2345678901234567e-05") and a comma.
inline constexpr double kJsonBytesPerNumber = 21.0;
// The peak of a run, for every output format: the computation's fullest moment
// (`compute_doubles` doubles alive), or, for JSON, the report's `report_numbers` numbers held
// while their text is written, whichever is larger; plus the process. The one place that knows
// what each format costs: experiments give only their two counts.
double run_peak_bytes(double compute_doubles, double report_numbers, OutputFormat format);

// The facts the memory limit is made of, read from /proc and /sys (cgroup v1 or v2); the limit is
// the least of 3/4 of the machine's memory or of the cgroup's limit, what is available now
// (MemAvailable, and the cgroup's limit less its usage) and 64 GiB.
struct MemoryFacts {
    double total = 0;        // MemTotal (or the physical pages), bytes
    double available = 0;    // MemAvailable, bytes; 0 when unknown
    double cgroup_limit = 0; // the tightest memory limit of this process's cgroup and its parents; 0: none
    double cgroup_usage = 0; // that cgroup's usage, bytes
};
double memory_limit_from(const MemoryFacts& facts);
// `read(path)` returns a file's text ("" when it cannot be read): /proc/meminfo, /proc/self/cgroup,
// and the cgroup files it names (memory.max and memory.current for v2; memory.limit_in_bytes and
// memory.usage_in_bytes for v1, under /sys/fs/cgroup/memory).
MemoryFacts read_memory_facts(const std::function<std::string(const std::string&)>& read);

// `bounded_by`: the flags whose values set lo..hi (UsageError::bounded_by). 64-bit operands (a
// long where a long has 64 bits): the udl seeds' 0..2^32-1 in the WebAssembly build too.
void require_in_range(const std::string& flag, std::int64_t value, std::int64_t lo, std::int64_t hi,
                      const std::string& why = "", const std::vector<std::string>& bounded_by = {});
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
                  bool allow_empty = false, const std::vector<std::string>& bounded_by = {});

}  // namespace attn::experiments

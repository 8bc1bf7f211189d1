// The memory guard's facts and model (experiments/checks.hpp): cgroup v1 and v2 limits read from
// /proc/self/cgroup and the files it names, the available memory, and the estimate per output
// format. File contents are given as fixtures, so every case runs on any machine.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>

#include "errors.hpp"
#include "experiments/attention.hpp"
#include "experiments/checks.hpp"
#include "experiments/mask.hpp"

using namespace attn::experiments;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

MemoryFacts facts_of(const std::map<std::string, std::string>& files) {
    return read_memory_facts([&](const std::string& path) {
        const auto it = files.find(path);
        return it == files.end() ? std::string() : it->second;
    });
}

const std::string kMeminfo = "MemTotal:       16777216 kB\nMemFree:  1000 kB\nMemAvailable:    8388608 kB\n";

}  // namespace

TEST_CASE("meminfo: total and available, in bytes") {
    const MemoryFacts f = facts_of({{"/proc/meminfo", kMeminfo}});
    CHECK(f.total == 16.0 * kGiB);
    CHECK(f.available == 8.0 * kGiB);
    CHECK(f.cgroup_limit == 0);
    // 3/4 of 16 GiB is 12 GiB, but only 8 GiB are available now
    CHECK(memory_limit_from(f) == 8.0 * kGiB);
}

TEST_CASE("cgroup v2: the tightest memory.max of the cgroup and its parents, less its usage") {
    MemoryFacts f = facts_of({{"/proc/meminfo", kMeminfo},
                              {"/proc/self/cgroup", "0::/user.slice/job\n"},
                              {"/sys/fs/cgroup/user.slice/job/memory.max", "max\n"},
                              {"/sys/fs/cgroup/user.slice/memory.max", "4294967296\n"},
                              {"/sys/fs/cgroup/user.slice/memory.current", "1073741824\n"},
                              {"/sys/fs/cgroup/memory.max", "8589934592\n"}});
    CHECK(f.cgroup_limit == 4.0 * kGiB);
    CHECK(f.cgroup_usage == 1.0 * kGiB);
    CHECK(memory_limit_from(f) == 3.0 * kGiB);   // min(3/4 of 4, 4 - 1, available 8)
    f = facts_of({{"/proc/meminfo", kMeminfo}, {"/proc/self/cgroup", "0::/\n"},
                  {"/sys/fs/cgroup/memory.max", "2147483648\n"}});
    CHECK(f.cgroup_limit == 2.0 * kGiB);
    CHECK(memory_limit_from(f) == 1.5 * kGiB);
}

TEST_CASE("cgroup v1: memory.limit_in_bytes under the memory controller; ~2^63 means none") {
    MemoryFacts f = facts_of({{"/proc/meminfo", kMeminfo},
                              {"/proc/self/cgroup", "9:name=systemd:/\n4:cpu,memory:/ci/job7\n0::/\n"},
                              {"/sys/fs/cgroup/memory/ci/job7/memory.limit_in_bytes", "9223372036854771712\n"},
                              {"/sys/fs/cgroup/memory/ci/memory.limit_in_bytes", "3221225472\n"},
                              {"/sys/fs/cgroup/memory/ci/memory.usage_in_bytes", "2147483648\n"}});
    CHECK(f.cgroup_limit == 3.0 * kGiB);
    CHECK(memory_limit_from(f) == 1.0 * kGiB);   // 3 GiB less 2 GiB in use
    f = facts_of({{"/proc/meminfo", kMeminfo}, {"/proc/self/cgroup", "4:memory:/\n"},
                  {"/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n"}});
    CHECK(f.cgroup_limit == 0);
    CHECK(memory_limit_from(f) == 8.0 * kGiB);
}

TEST_CASE("the limit is at most 64 GiB; unknown facts fall back to 4 GiB of machine") {
    MemoryFacts big;
    big.total = 1024 * kGiB;
    big.available = 1000 * kGiB;
    CHECK(memory_limit_from(big) == kMemoryCeilingBytes);
    CHECK(memory_limit_from(MemoryFacts{}) == 3.0 * kGiB);
}

TEST_CASE("the model per output format: JSON holds the report and its text, text does not") {
    CHECK(run_peak_bytes(100, 1000, OutputFormat::text) == 800 + kProcessBytes);
    CHECK(run_peak_bytes(100, 1000, OutputFormat::json) == (8 + kJsonBytesPerNumber) * 1000 + kProcessBytes);
    CHECK(run_peak_bytes(1e6, 10, OutputFormat::json) == 8e6 + kProcessBytes);
    // attention at an N where the text run fits this machine's limit and the JSON run does not:
    // S, A and the pass (24 N²) against S and A with ~21 bytes of text a number (58 N²)
    const double limit = memory_limit_bytes();
    AttentionOptions a;
    a.n = std::lround(std::sqrt(limit / 40.0));
    a.d = 1;
    a.dq = 1;
    a.col = 1;
    if (a.n <= kMaxDimension) {
        CHECK_NOTHROW(validate(a));
        a.format = OutputFormat::json;
        CHECK_THROWS_AS(validate(a), attn::UsageError);
    }
    MaskOptions m;
    m.n = std::lround(std::sqrt(limit / 18.0));   // text 16.1 N² fits, JSON 8 + 0.71 × 21 = 20.6 N² does not
    m.d = 1;
    m.dq = 1;
    if (m.n <= kMaxDimension) {
        CHECK_NOTHROW(validate(m));
        m.format = OutputFormat::json;
        CHECK_THROWS_AS(validate(m), attn::UsageError);
    }
}

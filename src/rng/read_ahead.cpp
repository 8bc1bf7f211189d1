// The generator's normals decoded ahead (read_ahead.hpp; docs/spec/numpy-random.md §2-§4).
#include "rng/read_ahead.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

#if !defined(__EMSCRIPTEN__)
#include <pthread.h>
#include <sched.h>
#endif

#include "rng/normal_loop.hpp"

namespace attn::rng {

namespace {

// -0.0 + 1.0 * z is z for every z, -0.0 included: the decoders keep the standard normals
// themselves, and the caller applies its own loc and scale (§4: one multiply, then one add).
constexpr double kIdentityLoc = -0.0;

void pause() {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
}

}  // namespace

ReadAheadCounts& ReadAheadCounts::operator+=(const ReadAheadCounts& o) {
    aligned += o.aligned;
    resynced += o.resynced;
    redecoded += o.redecoded;
    spanned += o.spanned;
    by_caller += o.by_caller;
    duplicated += o.duplicated;
    gave_up += o.gave_up;
    return *this;
}

ReadAhead::ReadAhead(pcg64::u128 state, pcg64::u128 inc, const simd::Kernels* simd, const ReadAheadConfig& config)
    : state_(state), inc_(inc), simd_(simd), segment_(std::max<std::size_t>(config.segment, 1)),
      window_(std::max<std::size_t>(config.window, 1)),
      // not zeroed: a slot's pages are touched only when a segment is decoded into it
      z_(new double[segment_ * window_]), slots_(new Slot[window_]), spare_z_(new double[segment_]),
      patience_us_(config.patience_us), min_helper_share_(config.min_helper_share) {
    for (std::uint64_t i = 0; i < window_; ++i) slots_[i].z = z_.get() + i * segment_;
    spare_.z = spare_z_.get();
#if !defined(__EMSCRIPTEN__)   // built without pthreads there (cmake/wasm.cmake): the caller decodes alone
    cpus_known_ = sched_getaffinity(0, sizeof cpus_, &cpus_) == 0;   // the CPUs this thread may use
    for (unsigned t = 0; t < config.threads; ++t) {
        try {
            helpers_.emplace_back(&ReadAhead::helper, this);
        } catch (const std::system_error&) {
            break;   // no more threads: fewer helpers, the same bits
        }
        // Linux tends to queue a new thread on its creator's CPU, where it waits behind the
        // caller until the next load balancing (milliseconds: most of a `scaling` run) while
        // another CPU idles. Kept off the caller's CPU, it starts at once; the helper gives
        // itself every CPU again when it starts (helper()).
        if (!cpus_known_) continue;
        cpu_set_t others = cpus_;
        const int here = sched_getcpu();
        if (here >= 0 && CPU_ISSET(here, &others) && CPU_COUNT(&others) > 1) {
            CPU_CLR(here, &others);
            pthread_setaffinity_np(helpers_.back().native_handle(), sizeof others, &others);
        }
    }
#endif
}

void ReadAhead::look_at_shares() {
    const std::uint64_t helpers = by_helpers_.load(), caller = counts_.by_caller + counts_.duplicated;
    const double h = static_cast<double>(helpers - helpers_mark_), c = static_cast<double>(caller - caller_mark_);
    // two looks in a row: another program's burst on the other core is not a busy machine
    if (h < min_helper_share_ * (h + c)) {
        if (low_looks_++ >= 1) {
            paying_ = false;
            ++counts_.gave_up;
        }
    } else {
        low_looks_ = 0;
    }
    helpers_mark_ = helpers;
    caller_mark_ = caller;
}

ReadAhead::~ReadAhead() { stop_helpers(); }

void ReadAhead::stop_helpers() {
    stop_.store(true);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        room_.notify_all();
    }
    for (std::thread& t : helpers_) t.join();
    helpers_.clear();
}

// Decodes the normals that start at draws [from, stop) as if a normal started at `from`.
void ReadAhead::decode(std::uint64_t from, std::uint64_t stop, Slot& slot) const {
    DrawStream s(pcg64::jump(inc_, from).apply(state_), inc_, simd_);
    FastPathBlock f;
    const std::uint64_t limit = stop > from ? stop - from : 0;
    std::size_t n = 0, r = 0;
    // the first starts one normal at a time, for the caller's stitching (the ziggurat of one
    // normal: z itself, as draw_normals gives with kIdentityLoc); then the rest in bulk
    for (; r < kStarts && s.drawn() < limit; ++r) {
        slot.starts[r] = from + s.drawn();
        slot.z[n++] = standard_normal(s);
    }
    slot.recorded = r;
    // at most one normal starts at each draw, so the segment's S doubles hold them all
    n += draw_normals(s, f, kIdentityLoc, 1.0, slot.z + n, segment_ - n, limit);
    slot.count = n;
    slot.end = from + s.drawn();
}

// A helper may claim: the next segment it would take is inside the window, with half the window
// free (so a waiting helper is woken once per W/2 segments, not at every one), and its slot is
// not still being written by a slow helper.
bool ReadAhead::room() const {
    const std::uint64_t current = current_.load(), half = std::max<std::uint64_t>(window_ / 2, 1);
    const std::uint64_t k = std::max(next_.load(), current + 1);
    return k + half <= current + window_ && !slots_[k % window_].busy.load();
}

bool ReadAhead::claim_and_decode(std::uint64_t floor, bool helper) {
    std::uint64_t next = next_.load();
    for (;;) {
        const std::uint64_t k = std::max(next, floor);
        if (k >= current_.load() + window_) return false;
        // The slot first, then the segment: a slot has one writer at a time even when the caller
        // has moved on past a slow helper's segment and the next round wants the same slot.
        Slot& slot = slots_[k % window_];
        bool idle = false;
        if (!slot.busy.compare_exchange_strong(idle, true)) return false;
        if (!next_.compare_exchange_strong(next, k + 1)) {   // another thread claimed first: again
            slot.busy.store(false);
            continue;
        }
        decode(k * segment_, (k + 1) * segment_, slot);
        slot.done.store(k + 1);
        slot.busy.store(false);
        if (helper) by_helpers_.fetch_add(1, std::memory_order_relaxed);
        if (helpers_waiting_.load() > 0) {   // the slot it held may have kept a helper waiting
            std::lock_guard<std::mutex> lock(mutex_);
            room_.notify_all();
        }
        return true;
    }
}

void ReadAhead::helper() {
#if !defined(__EMSCRIPTEN__)
    if (cpus_known_) pthread_setaffinity_np(pthread_self(), sizeof cpus_, &cpus_);   // the caller's CPUs
#endif
    while (!stop_.load()) {
        if (claim_and_decode(current_.load() + 1, true)) continue;   // the caller's segment is the caller's
        // the window is full: sleep until the caller has taken half of it
        std::unique_lock<std::mutex> lock(mutex_);
        helpers_waiting_.fetch_add(1);
        room_.wait(lock, [this] { return stop_.load() || room(); });
        helpers_waiting_.fetch_sub(1);
    }
}

ReadAhead::Slot& ReadAhead::ready_slot(std::uint64_t k) {
    Slot& slot = slots_[k % window_];
    using Clock = std::chrono::steady_clock;
    Clock::time_point deadline{};
    bool waiting = false;
    while (slot.done.load() != k + 1) {
        if (claim_and_decode(k, false)) {   // k itself, or a later segment needed soon while a helper finishes k
            ++counts_.by_caller;
            continue;
        }
        // k is being decoded by a helper (a segment takes microseconds): spin a little, then,
        // in case the helper was descheduled, decode it here
        if (!waiting) {
            waiting = true;
            deadline = Clock::now() + std::chrono::microseconds(patience_us_);
        }
        for (int i = 0; i < 16; ++i) pause();
        if (Clock::now() >= deadline && slot.done.load() != k + 1) {
            ++counts_.duplicated;
            decode(k * segment_, (k + 1) * segment_, spare_);
            return spare_;
        }
    }
    return slot;
}

void ReadAhead::advance() {
    std::uint64_t k = 0;
    if (started_) {
        k = current_.load() + 1;
        current_.store(k);   // the slot just read may be filled again
        if (helpers_waiting_.load() > 0 && room()) {
            std::lock_guard<std::mutex> lock(mutex_);
            room_.notify_all();
        }
    }
    started_ = true;
    if (min_helper_share_ > 0 && paying_ && k != 0 && k % kCheckEvery == 0) look_at_shares();
    Slot& slot = ready_slot(k);
    const std::uint64_t first = k * segment_, last = first + segment_;
    const std::uint64_t p = next_start_;   // where the true stream's next normal starts (>= first)
    slot_ = &slot;
    true_start_ = p;
    taken_ = 0;
    if (p >= last) {   // a slow path ran over the whole segment: none of its normals are true
        ++counts_.spanned;
        at_ = end_ = 0;
        return;
    }
    at_ = 0;
    if (p == first) {
        ++counts_.aligned;
    } else {
        const std::uint64_t* found = std::find(slot.starts, slot.starts + slot.recorded, p);
        if (found != slot.starts + slot.recorded) {
            ++counts_.resynced;
            at_ = static_cast<std::size_t>(found - slot.starts);
        } else {
            ++counts_.redecoded;
            decode(p, last, slot);
        }
    }
    end_ = slot.count;
    next_start_ = slot.end;
}

std::size_t ReadAhead::take(const double*& z, std::size_t max) {
    while (at_ == end_) advance();
    const std::size_t n = std::min(max, end_ - at_);
    z = slot_->z + at_;
    at_ += n;
    taken_ += n;
    return n;
}

DrawStream ReadAhead::finish() {
    stop_helpers();
    // the draw after the last normal taken: the segment's end when all of it was taken, else
    // its true start and the normals taken from there decoded again
    const bool whole = started_ && at_ == end_;
    std::uint64_t from = whole ? next_start_ : true_start_;
    std::size_t again = whole ? 0 : taken_;
    DrawStream s(pcg64::jump(inc_, from).apply(state_), inc_, simd_);
    FastPathBlock f;
    double scratch[256];
    while (again > 0) again -= draw_normals(s, f, kIdentityLoc, 1.0, scratch, std::min<std::size_t>(again, 256));
    return s;
}

}  // namespace attn::rng

#pragma once
// The generator's normals decoded ahead on helper threads, with exactly the bits of one stream
// drawn in order (docs/spec/numpy-random.md §2-§4). Used only when a caller says that many
// normals come next (NumpyGenerator::will_draw_normals: `attn scaling`'s 5.45 million).
//
// Why it can be split: PCG64's draws are numbered (§2), and the state before draw p is one
// jump-ahead from the first state, so any place of the stream can be read without the draws
// before it. What cannot be known without them is where each normal starts: the ziggurat (§3)
// takes one draw for a normal the fast path accepts (~98.5 %) and more for the others (a wedge's
// uniform, then a fresh start if refused; the tail's pairs of uniforms, as many pairs as it
// refuses). So the stream is cut into segments of S draws, and segment k is decoded
// speculatively, as if a normal started at its first draw k·S: normals are decoded (z, with the
// same loop, normal_loop.hpp) while they start before (k+1)·S; the last one may read past it.
// Decoding is deterministic from any true start, so the caller stitches in order, knowing where
// the previous segment's last normal really ended (P):
//   - P == k·S: every normal of segment k is a true one (most segments);
//   - P is one of the first kStarts starts the decoder recorded: the normals before it are
//     dropped, the rest coincide with the true ones (a slow path straddled the cut);
//   - P is past the segment's end: no normal starts in it (only with tiny S, in tests);
//   - otherwise: the caller decodes the segment again from P (rare: a speculative normal whose
//     slow path ran over P).
// Every normal the caller takes is therefore the in-order stream's; which thread decoded what
// never shows. When the read-ahead ends (its count reached, or any other kind of draw), the
// stream continues at the exact draw after the last normal taken: decoded again from that
// segment's true start for the normals taken from it (at most S of them).
//
// Only where it pays: threads gain only when a second core is free. On a busy machine the
// kernel shares the CPU between sessions (autogroups), not threads, so a helper runs on the
// caller's share and adds its costs (another copy, segment set-up, cache traffic). The
// read-ahead therefore looks at what the helpers get done: every kCheckEvery segments (~1 ms),
// the share of them the helpers decoded. Side by side with the caller they decode about half
// (the caller also copies, and in `scaling` multiplies); on the caller's core they can only fill
// the window while the caller is descheduled, a few per cent. Below min_helper_share twice in a
// row (once can be another program's burst) it gives up, and NumpyGenerator continues in order
// from the exact place: a loaded machine pays the read-ahead's costs for ~2 ms at most. (The
// process's CPU time against the wall clock would say the same, but Linux adds a running
// thread's time on another core only at its next tick, too late for such windows.) A new helper
// starts off the caller's CPU: Linux tends to queue it behind its creator until the next load
// balancing, milliseconds later.
//
// Work sharing: segments are claimed in order from one counter by the helpers and by the caller
// (who decodes the next free segment whenever the one it needs is not ready), so two cores pay
// even though the caller also multiplies and reduces; at most W segments are decoded and not yet
// taken (the bound on memory: W·S doubles). The caller never waits long for a helper: on a busy
// machine a helper can be descheduled in the middle of a segment for milliseconds, so after a
// few microseconds the caller decodes that segment again itself, into a buffer of its own (the
// helper's copy, when it comes, only frees its slot). The WebAssembly build has no threads
// (cmake/wasm.cmake builds without pthreads): there no helper starts (`#if !__EMSCRIPTEN__`
// below) and the caller decodes every segment itself.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#if !defined(__EMSCRIPTEN__)
#include <sched.h>
#endif

#include "rng/draw_stream.hpp"
#include "rng/normal_simd.hpp"
#include "rng/pcg64.hpp"

namespace attn::rng {

struct ReadAheadConfig {
    unsigned threads = 1;             // helper threads, besides the caller
    std::size_t segment = 4096;       // S: draws per segment
    std::size_t window = 8;           // W: segments decoded ahead and not yet taken, at most
    std::uint64_t minimum = 1 << 17;  // the fewest normals announced that start a read-ahead
    unsigned patience_us = 20;        // how long the caller waits for a segment a helper decodes
    double min_helper_share = 0.2;    // share of the segments the helpers must decode to go on
};

// How each segment the caller took was stitched (the tests check that each way was taken).
struct ReadAheadCounts {
    std::uint64_t aligned = 0;     // the previous normal ended at the segment's first draw
    std::uint64_t resynced = 0;    // ended at one of its recorded starts
    std::uint64_t redecoded = 0;   // ended elsewhere inside it: decoded again from there
    std::uint64_t spanned = 0;     // ended past its end: none of its normals were true ones
    std::uint64_t by_caller = 0;   // segments the caller decoded itself (work sharing)
    std::uint64_t duplicated = 0;  // segments a helper was slow to finish, decoded by the caller too
    std::uint64_t gave_up = 0;     // read-aheads ended because the threads did not run side by side
    ReadAheadCounts& operator+=(const ReadAheadCounts& o);
};

class ReadAhead {
public:
    static constexpr std::uint64_t kCheckEvery = 128;   // segments per look at the shares (~1 ms)
    static constexpr std::size_t kStarts = 8;   // starts recorded per segment (a straddle ends a few draws in)

    // The stream whose next draw is next64(state): its normals decoded ahead. simd as DrawStream's.
    ReadAhead(pcg64::u128 state, pcg64::u128 inc, const simd::Kernels* simd, const ReadAheadConfig& config);
    ~ReadAhead();   // stops and joins the helpers
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    // The next standard normals in the stream's order: z points at n of them, 1 <= n <= max
    // (max >= 1), valid until the next call.
    std::size_t take(const double*& z, std::size_t max);
    // Stops the helpers; returns the stream continuing at the draw after the last normal taken.
    DrawStream finish();
    // False once the helpers decoded less than min_helper_share of kCheckEvery segments, twice
    // in a row.
    bool paying() const { return paying_; }
    const ReadAheadCounts& counts() const { return counts_; }

private:
    struct Slot {
        std::atomic<std::uint64_t> done{0};   // 1 + the last segment decoded in it (0: none yet)
        std::atomic<bool> busy{false};        // a thread is decoding into it
        std::uint64_t end = 0;        // the draw after its last normal's draws
        std::size_t count = 0;        // normals decoded
        std::size_t recorded = 0;     // starts recorded (min(count, kStarts))
        std::uint64_t starts[kStarts] = {};
        double* z = nullptr;          // S doubles
    };

    void helper();
    // Decodes the first unclaimed segment from `floor` on if the window has room (segments
    // before `floor` that nobody claimed are skipped: the caller has taken them already).
    bool claim_and_decode(std::uint64_t floor, bool helper);
    void decode(std::uint64_t from, std::uint64_t stop, Slot& slot) const;
    void advance();            // the caller moves to its next segment
    void stop_helpers();       // tells the helpers to stop and joins them (idempotent)
    Slot& ready_slot(std::uint64_t k);   // segment k decoded, by whoever is first
    bool room() const;         // a helper may claim (with hysteresis: half the window free)

    const pcg64::u128 state_, inc_;   // draw p of the stream (p from 0) is next64 of jump(p)(state_)
    const simd::Kernels* const simd_;
    const std::uint64_t segment_, window_;
    std::unique_ptr<double[]> z_;
    std::unique_ptr<Slot[]> slots_;
    Slot spare_;   // the caller's own, for a segment a helper is slow to finish
    std::unique_ptr<double[]> spare_z_;
    const unsigned patience_us_;

    std::atomic<std::uint64_t> next_{0};      // the first segment nobody has claimed
    std::atomic<std::uint64_t> current_{0};   // the caller's segment: k < current_ + W may be filled
    std::atomic<bool> stop_{false};
    std::atomic<int> helpers_waiting_{0};
    std::mutex mutex_;
    std::condition_variable room_;
    std::vector<std::thread> helpers_;
#if !defined(__EMSCRIPTEN__)
    cpu_set_t cpus_{};          // the caller's CPUs: a helper starts off the caller's, then has them all
    bool cpus_known_ = false;
#endif

    // the caller's side
    bool started_ = false;
    Slot* slot_ = nullptr;
    std::size_t at_ = 0, end_ = 0;       // the next normal's index in slot_, and its count
    std::uint64_t true_start_ = 0;       // where the current segment's first true normal starts
    std::size_t taken_ = 0;              // normals taken since true_start_
    std::uint64_t next_start_ = 0;       // where the normal after the current segment's last starts
    ReadAheadCounts counts_;
    const double min_helper_share_;
    bool paying_ = true;
    int low_looks_ = 0;   // looks in a row that found the helpers' share too low
    std::atomic<std::uint64_t> by_helpers_{0};          // segments the helpers decoded
    std::uint64_t helpers_mark_ = 0, caller_mark_ = 0;  // both counts at the last look
    void look_at_shares();
};

}  // namespace attn::rng

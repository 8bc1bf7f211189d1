#pragma once
// Work spread over threads, results taken in order: work(i) runs for every i in [0, n) on `jobs`
// threads; take(i, result) runs on the calling thread in the order of i, while at most `window`
// results wait to be taken (so memory is bounded by the window, not by n). The first exception
// thrown by work or take stops the run and is rethrown here once every thread has stopped.
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace attn::homework {

template <class Result, class Work, class Take>
void for_each_in_order(std::size_t n, unsigned jobs, std::size_t window, Work work, Take take) {
    std::mutex mutex;
    std::condition_variable room, ready;
    std::size_t next = 0, taken = 0;
    std::map<std::size_t, Result> done;
    std::exception_ptr failure;
    auto worker = [&] {
        for (;;) {
            std::size_t i = 0;
            {
                std::unique_lock<std::mutex> lock(mutex);
                room.wait(lock, [&] { return failure || next >= n || next < taken + window; });
                if (failure || next >= n) return;
                i = next++;
            }
            try {
                Result r = work(i);
                std::lock_guard<std::mutex> lock(mutex);
                done.emplace(i, std::move(r));
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex);
                if (!failure) failure = std::current_exception();
            }
            ready.notify_one();
            room.notify_all();
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < (jobs ? jobs : 1); ++t) threads.emplace_back(worker);
    while (taken < n) {
        Result r;
        {
            std::unique_lock<std::mutex> lock(mutex);
            ready.wait(lock, [&] { return failure || done.count(taken) > 0; });
            if (failure) break;
            auto it = done.find(taken);
            r = std::move(it->second);
            done.erase(it);
        }
        try {
            take(taken, r);
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex);
            if (!failure) failure = std::current_exception();
        }
        bool stop = false;
        {
            std::lock_guard<std::mutex> lock(mutex);
            ++taken;
            stop = failure != nullptr;
        }
        room.notify_all();
        if (stop) break;
    }
    room.notify_all();
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace attn::homework

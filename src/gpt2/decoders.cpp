// Notebook 12.4's decoders (decoders.hpp).
#include "gpt2/decoders.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/pairwise_sum.hpp"

namespace attn::gpt2 {

std::vector<float> sorted_values(const std::vector<float>& p, bool descending) {
    std::vector<float> s = p;
    std::sort(s.begin(), s.end());   // values only: the order of equal values does not show
    if (descending) std::reverse(s.begin(), s.end());
    return s;
}

std::vector<float> largest(const std::vector<float>& p, std::size_t count) {
    std::vector<float> s(std::min(count, p.size()));
    std::partial_sort_copy(p.begin(), p.end(), s.begin(), s.end(), std::greater<float>());
    return s;
}

int argmax(const std::vector<float>& p) {
    int best = 0;
    for (std::size_t i = 1; i < p.size(); ++i)
        if (p[i] > p[static_cast<std::size_t>(best)]) best = static_cast<int>(i);
    return best;
}

float numpy_sum(const std::vector<float>& p) { return 0.0f + core::pairwise_sum(p.data(), p.size(), 1); }

std::vector<float> renormalised(const std::vector<float>& p) {
    const float total = numpy_sum(p);
    std::vector<float> out(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) out[i] = p[i] / total;
    return out;
}

void zero_below(std::vector<float>& p, float threshold) {
    for (float& v : p)
        if (v < threshold) v = 0.0f;
}

std::vector<float> cumsum(const std::vector<float>& p) {
    std::vector<float> out(p.size());
    float acc = 0.0f;
    for (std::size_t i = 0; i < p.size(); ++i) out[i] = (acc = i ? acc + p[i] : p[i]);
    return out;
}

double relative_gap(const std::vector<float>& s, long i, long j) {
    const long n = static_cast<long>(s.size());
    if (i < 0 || j < 0 || i >= n || j >= n || !(s[static_cast<std::size_t>(i)] > 0)) return -1;
    return (static_cast<double>(s[static_cast<std::size_t>(i)]) - s[static_cast<std::size_t>(j)]) / s[static_cast<std::size_t>(i)];
}

int choice(rng::LegacyRandomState& rs, const std::vector<float>& p32, double* draw_margin) {
    // mtrand.pyx RandomState.choice, a = len(p), size = 1, replace = False
    const double atol = std::max(std::sqrt(2.220446049250313e-16), std::sqrt(static_cast<double>(1.1920929e-07f)));
    const std::size_t n = p32.size();
    std::vector<double> p(p32.begin(), p32.end());
    for (double v : p)
        if (v < 0) throw NotebookRaise("ValueError: probabilities are not non-negative");
    double sum = n ? p[0] : 0.0, c = 0.0;   // kahan_sum
    for (std::size_t i = 1; i < n; ++i) {
        const double y = p[i] - c, t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    if (std::isnan(sum)) throw NotebookRaise("ValueError: probabilities contain NaN");
    if (std::fabs(sum - 1.0) > atol) throw NotebookRaise("ValueError: probabilities do not sum to 1");
    if (std::none_of(p.begin(), p.end(), [](double v) { return v > 0; }))
        throw NotebookRaise("ValueError: Fewer non-zero entries in p than size");
    const double u = rs.random_sample();
    std::vector<double> cdf(n);
    double acc = 0.0;
    for (std::size_t i = 0; i < n; ++i) cdf[i] = (acc = i ? acc + p[i] : p[i]);
    const double last = cdf[n - 1];
    for (double& v : cdf) v /= last;
    const auto i = static_cast<std::size_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());   // searchsorted right
    if (draw_margin && i < n) *draw_margin = std::min(u - (i ? cdf[i - 1] : 0.0), cdf[i] - u);
    return static_cast<int>(i);
}

namespace {

bool less(double a, double b) { return a < b || (b != b && a == a); }

// Moves a[i]'s value down the 1-based heap a[1..n] until its children are not larger (the
// sift-down both of NumPy's aheapsort loops run).
void sift_down(const std::vector<double>& v, std::size_t* a, std::size_t i, std::size_t n) {
    const std::size_t tmp = a[i];
    for (std::size_t j = i << 1; j <= n;) {
        if (j < n && less(v[a[j]], v[a[j + 1]])) j += 1;
        if (less(v[tmp], v[a[j]])) {
            a[i] = a[j];
            i = j;
            j += j;
        } else {
            break;
        }
    }
    a[i] = tmp;
}

void aheapsort(const std::vector<double>& v, std::size_t* idx, std::size_t n) {
    std::size_t* a = idx - 1;   // 1-based
    for (std::size_t l = n >> 1; l > 0; --l) sift_down(v, a, l, n);   // build the heap
    for (; n > 1;) {                                                  // take the largest off
        std::swap(a[1], a[n]);
        n -= 1;
        sift_down(v, a, 1, n);
    }
}

}  // namespace

std::vector<std::size_t> numpy_argsort(const std::vector<double>& v) {
    const std::size_t num = v.size();
    std::vector<std::size_t> s(num);
    for (std::size_t i = 0; i < num; ++i) s[i] = i;
    if (num < 2) return s;
    struct Range {
        std::ptrdiff_t pl, pr;
        int depth;
    };
    std::vector<Range> stack;
    std::ptrdiff_t pl = 0, pr = static_cast<std::ptrdiff_t>(num) - 1;
    int depth = 0;
    for (std::size_t m = num; m > 1; m >>= 1) ++depth;   // floor(log2 num)
    depth *= 2;
    auto at = [&](std::ptrdiff_t i) -> std::size_t& { return s[static_cast<std::size_t>(i)]; };
    for (;;) {
        if (depth < 0) {
            aheapsort(v, &at(pl), static_cast<std::size_t>(pr - pl + 1));
        } else {
            while (pr - pl > 15) {   // SMALL_QUICKSORT
                const std::ptrdiff_t pm = pl + ((pr - pl) >> 1);
                if (less(v[at(pm)], v[at(pl)])) std::swap(at(pm), at(pl));
                if (less(v[at(pr)], v[at(pm)])) std::swap(at(pr), at(pm));
                if (less(v[at(pm)], v[at(pl)])) std::swap(at(pm), at(pl));
                const double vp = v[at(pm)];
                std::ptrdiff_t pi = pl, pj = pr - 1;
                std::swap(at(pm), at(pj));
                for (;;) {
                    do ++pi; while (less(v[at(pi)], vp));
                    do --pj; while (less(vp, v[at(pj)]));
                    if (pi >= pj) break;
                    std::swap(at(pi), at(pj));
                }
                std::swap(at(pi), at(pr - 1));
                --depth;
                if (pi - pl < pr - pi) {   // the larger part waits on the stack
                    stack.push_back({pi + 1, pr, depth});
                    pr = pi - 1;
                } else {
                    stack.push_back({pl, pi - 1, depth});
                    pl = pi + 1;
                }
            }
            for (std::ptrdiff_t i = pl + 1; i <= pr; ++i) {   // insertion sort
                const std::size_t vi = at(i);
                std::ptrdiff_t j = i;
                while (j > pl && less(v[vi], v[at(j - 1)])) {
                    at(j) = at(j - 1);
                    --j;
                }
                at(j) = vi;
            }
        }
        if (stack.empty()) return s;
        pl = stack.back().pl;
        pr = stack.back().pr;
        depth = stack.back().depth;
        stack.pop_back();
    }
}

TopK top_k(const std::vector<float>& p, std::size_t kth_index, bool ascending, bool renormalise) {
    TopK out;
    std::vector<float> s = p;   // np.sort(p)[::-1][kth_index] (or np.sort(p)[kth_index]): one rank's value
    if (ascending) std::nth_element(s.begin(), s.begin() + static_cast<long>(kth_index), s.end());
    else std::nth_element(s.begin(), s.begin() + static_cast<long>(kth_index), s.end(), std::greater<float>());
    out.kth_value = s[kth_index];
    out.kept = p;
    zero_below(out.kept, out.kth_value);
    if (renormalise) out.kept = renormalised(out.kept);
    return out;
}

long nucleus_index(const std::vector<float>& sorted, float thresh) {
    const std::vector<float> cum = cumsum(sorted);
    for (std::size_t i = 0; i < cum.size(); ++i)
        if (cum[i] > thresh) return static_cast<long>(i);
    return 0;   // np.argmax of all False
}

std::vector<float> nucleus_keep(const std::vector<float>& p, const std::vector<float>& sorted, long thresh_index,
                                long offset) {
    long i = thresh_index + offset;
    const long n = static_cast<long>(sorted.size());
    if (i >= n || i < -n)
        throw NotebookRaise("IndexError: index " + std::to_string(i) + " is out of bounds for axis 0 with size " +
                            std::to_string(n));
    if (i < 0) i += n;
    std::vector<float> kept = p;
    zero_below(kept, sorted[static_cast<std::size_t>(i)]);
    return renormalised(kept);
}

std::vector<int> kth_tokens(const std::vector<float>& p, std::size_t k) {
    std::vector<float> s = p;   // np.sort(p)[::-1][k]: one rank's value
    std::nth_element(s.begin(), s.begin() + static_cast<long>(k), s.end(), std::greater<float>());
    const float value = s[k];
    std::vector<int> out;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i] == value) out.push_back(static_cast<int>(i));
    return out;
}

}  // namespace attn::gpt2

// The UDL notebooks 12.1 and 12.2, computed in the notebooks' own order of operations so that
// every printed digit matches NumPy: NumPy's matmul dispatch (core/numpy_ops), the notebooks'
// softmaxes without max subtraction (core/udl_softmax), NumPy's legacy generator.
#include "experiments/udl.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "core/attention.hpp"
#include "core/compare.hpp"
#include "errors.hpp"
#include "core/numpy_ops.hpp"
#include "core/udl_softmax.hpp"
#include "experiments/checks.hpp"
#include "input/numpy_matrix_text.hpp"
#include "rng/legacy_random_state.hpp"

namespace attn::experiments {
namespace {

using core::Matrix;

struct Sizes {
    std::size_t n, d, h;
};

Sizes sizes_of(const UdlOptions& o) {
    const bool first = o.notebook == UdlNotebook::nb12_1;
    return {static_cast<std::size_t>(o.n.value_or(first ? 3 : 6)),
            static_cast<std::size_t>(o.d.value_or(first ? 4 : 8)),
            static_cast<std::size_t>(o.h.value_or(2))};
}

// np.random.normal(size=(rows, cols)): element (r, c) is draw r*cols + c.
Matrix legacy_normal(rng::LegacyRandomState& rs, std::size_t rows, std::size_t cols) {
    Matrix m = Matrix::from_shape({rows, cols});
    rs.normal(0.0, 1.0, m.data(), rows * cols);
    return m;
}

results::Array to_array(const Matrix& m) {
    return {{m.shape(0), m.shape(1)}, std::vector<double>(m.begin(), m.end())};
}

// [1, 2, …, N-1, 0]: every column moves one place left, the first goes last.
std::vector<std::size_t> rotation(std::size_t n) {
    std::vector<std::size_t> perm;
    for (std::size_t i = 1; i < n; ++i) perm.push_back(i);
    perm.push_back(0);
    return perm;
}

// permutation_line: np.allclose(f(X[:, perm]), f(X)[:, perm]).
template <class F>
results::UdlPermutation permutation_check(const Matrix& x, F compute) {
    const std::vector<std::size_t> perm = rotation(x.shape(1));
    results::UdlPermutation out;
    for (std::size_t p : perm) out.perm.push_back(static_cast<long>(p));
    out.same = core::allclose(compute(core::permute_columns(x, perm)),
                              core::permute_columns(compute(x), perm));
    return out;
}

// ---- notebook 12.1 ------------------------------------------------------------------------------
// One head with biases, q = βq + Ωq x (and k, v): D -> D in 12.1, D -> D/H per head in 12.2.
struct NotebookHead {
    Matrix omega_q, omega_k, omega_v, beta_q, beta_k, beta_v;
};

// self_attention(X, scale): Q, K, V = β 1ᵀ + Ω X; S = KᵀQ (/ scale); A = softmax_cols(S); X' = V A.
// β 1ᵀ is exact (each entry is 0 + β·1), so β 1ᵀ + Ω X has the bits of project()'s Ω X + β.
Matrix self_attention_121(const NotebookHead& w, const Matrix& x, std::optional<double> scale,
                          Matrix* attention) {
    const Matrix q = core::project(w.omega_q, x, w.beta_q);
    const Matrix k = core::project(w.omega_k, x, w.beta_k);
    const Matrix v = core::project(w.omega_v, x, w.beta_v);
    Matrix s = core::matmul_transposed_left(k, q);            // (N, N), s(m, n) = k_m · q_n
    if (scale) {
        for (double& e : s) e = e / *scale;                    // dot_products / np.sqrt(D)
    }
    const Matrix a = core::udl_softmax_cols(s);
    if (attention) *attention = a;
    return core::matmul(v, a);
}

results::Udl121 run_121(const UdlOptions& o) {
    const Sizes z = sizes_of(o);
    rng::LegacyRandomState rs(static_cast<std::uint32_t>(o.seed_x));
    std::vector<Matrix> xs;
    for (std::size_t i = 0; i < z.n; ++i) xs.push_back(legacy_normal(rs, z.d, 1));
    rs.seed_with(static_cast<std::uint32_t>(o.seed_w));
    NotebookHead w;
    w.omega_q = legacy_normal(rs, z.d, z.d);
    w.omega_k = legacy_normal(rs, z.d, z.d);
    w.omega_v = legacy_normal(rs, z.d, z.d);
    w.beta_q = legacy_normal(rs, z.d, 1);
    w.beta_k = legacy_normal(rs, z.d, 1);
    w.beta_v = legacy_normal(rs, z.d, 1);

    results::Udl121 r;
    std::vector<Matrix> queries, keys, values;
    for (const Matrix& x : xs) {
        r.inputs.push_back(to_array(x));
        queries.push_back(core::project(w.omega_q, x, w.beta_q));   // gemv, as Ωq @ x (D, 1)
        keys.push_back(core::project(w.omega_k, x, w.beta_k));
        values.push_back(core::project(w.omega_v, x, w.beta_v));
    }
    // The loop form: a_nm = softmax_m(q_nᵀ k_m); x'_n = 0 + a_n0 v_0 + a_n1 v_1 + … in order.
    for (std::size_t n = 0; n < z.n; ++n) {
        std::vector<double> scores;
        for (const Matrix& key : keys) scores.push_back(core::matmul_transposed_left(queries[n], key)(0, 0));
        const std::vector<double> a = core::udl_softmax_list(scores);
        std::vector<results::Array> shown;
        for (double v : a) shown.push_back({{1, 1}, {v}});
        r.attentions.push_back(shown);
        std::vector<double> x_prime(z.d, 0.0);
        for (std::size_t m = 0; m < z.n; ++m) {
            for (std::size_t i = 0; i < z.d; ++i) {
                const double term = a[m] * values[m](i, 0);
                x_prime[i] = x_prime[i] + term;
            }
        }
        r.x_prime.push_back({{1, z.d}, x_prime});   // printed transposed: (1, D)
    }
    // The matrix form: X has x_n as column n.
    Matrix x = Matrix::from_shape({z.d, z.n});
    for (std::size_t n = 0; n < z.n; ++n) {
        for (std::size_t i = 0; i < z.d; ++i) x(i, n) = xs[n](i, 0);
    }
    r.x_prime_matrix = to_array(self_attention_121(w, x, std::nullopt, nullptr));
    Matrix attention;
    const double scale = std::sqrt(static_cast<double>(z.d));   // np.sqrt(X.shape[0])
    r.x_prime_scaled = to_array(self_attention_121(w, x, scale, &attention));
    r.scaled_attention = to_array(attention);
    r.permutation = permutation_check(x, [&](const Matrix& m) {
        return self_attention_121(w, m, std::sqrt(static_cast<double>(m.shape(0))), nullptr);
    });
    return r;
}

// ---- notebook 12.2 ------------------------------------------------------------------------------
struct Setup122 {
    Matrix x;
    std::vector<NotebookHead> heads;   // per head: Ωq, Ωk, Ωv (D/H, D), βq, βk, βv (D/H, 1)
    Matrix omega_c;               // (D, D)
    std::size_t d = 0, h = 0;
};

Setup122 draw_122(const UdlOptions& o) {
    const Sizes z = sizes_of(o);
    const std::size_t width = z.d / z.h;
    Setup122 s;
    s.d = z.d;
    s.h = z.h;
    rng::LegacyRandomState rs(static_cast<std::uint32_t>(o.seed_x));
    s.x = legacy_normal(rs, z.d, z.n);
    rs.seed_with(static_cast<std::uint32_t>(o.seed_w));
    for (std::size_t i = 0; i < z.h; ++i) {
        NotebookHead w;
        w.omega_q = legacy_normal(rs, width, z.d);
        w.omega_k = legacy_normal(rs, width, z.d);
        w.omega_v = legacy_normal(rs, width, z.d);
        w.beta_q = legacy_normal(rs, width, 1);
        w.beta_k = legacy_normal(rs, width, 1);
        w.beta_v = legacy_normal(rs, width, 1);
        s.heads.push_back(std::move(w));
    }
    s.omega_c = legacy_normal(rs, z.d, z.d);
    return s;
}

// multihead(X): per head V softmax(KᵀQ * scale); X' = Ωc vstack(heads), or a mistake's variant.
// `attentions`, when given, receives each head's attention matrix (for the pictures).
Matrix multihead_122(const Setup122& s, const Matrix& x, UdlMistake mistake,
                     std::vector<Matrix>* attentions = nullptr) {
    const double head_width = static_cast<double>(s.d / s.h);
    const double scale = mistake == UdlMistake::scale_d ? 1 / std::sqrt(static_cast<double>(s.d))
                         : mistake == UdlMistake::unscaled ? 1.0
                                                           : 1 / std::sqrt(head_width);
    std::vector<Matrix> outs;
    for (const NotebookHead& w : s.heads) {
        const bool bias = mistake != UdlMistake::no_bias;
        const Matrix q = bias ? core::project(w.omega_q, x, w.beta_q) : core::matmul(w.omega_q, x);
        const Matrix k = bias ? core::project(w.omega_k, x, w.beta_k) : core::matmul(w.omega_k, x);
        const Matrix v = bias ? core::project(w.omega_v, x, w.beta_v) : core::matmul(w.omega_v, x);
        Matrix scores = core::matmul_transposed_left(k, q);    // K.T @ Q, then * scale
        for (double& e : scores) e = e * scale;
        const Matrix a = mistake == UdlMistake::softmax_rows ? core::udl_softmax_rows(scores)
                                                             : core::udl_softmax_cols(scores);
        if (attentions) attentions->push_back(a);
        outs.push_back(core::matmul(v, a));
    }
    // np.vstack(outs): the heads' rows one under another.
    Matrix stacked = Matrix::from_shape({s.d, x.shape(1)});
    std::size_t row = 0;
    for (const Matrix& o : outs) {
        for (std::size_t r = 0; r < o.shape(0); ++r, ++row) {
            for (std::size_t c = 0; c < o.shape(1); ++c) stacked(row, c) = o(r, c);
        }
    }
    return mistake == UdlMistake::no_omega_c ? stacked : core::matmul(s.omega_c, stacked);
}

results::Udl122 run_122(const UdlOptions& o) {
    const Setup122 s = draw_122(o);
    results::Udl122 r;
    r.x = to_array(s.x);
    r.mistake = udl_mistake_name(o.mistake);
    std::vector<Matrix> attentions;
    r.x_prime = to_array(multihead_122(s, s.x, o.mistake, &attentions));
    for (const Matrix& a : attentions) r.head_attentions.push_back(to_array(a));
    r.permutation = permutation_check(s.x, [&](const Matrix& m) { return multihead_122(s, m, o.mistake); });
    return r;
}

// ---- diagnosis ----------------------------------------------------------------------------------
// Half a unit of each printed number's last digit: NumPy prints a whole matrix with one precision
// (trailing zeros trimmed per element), so the finest last digit of the matrix is every
// element's resolution; in scientific notation it is relative to each element's exponent.
// The precision NumPy was printing with: the most digits after the point of any finite element
// (of the mantissa, in scientific notation). At that precision NumPy's `maxprec` prints every
// element as at any larger one, since each is already shown with no more digits.
int printed_precision(const input::PrintedMatrix& m) {
    int digits = 0;
    for (const auto& e : m.elements) {
        if (std::isfinite(e.value)) digits = std::max(digits, e.exponent - e.last_digit);
    }
    return digits;
}

// Positions in the full axis of length n of the `shown` printed ones: all of them, or, with a
// "..." after the first `gap`, the first `gap` and the last `shown - gap` (NumPy's edge items).
// Empty when the printout cannot come from an axis of length n.
std::vector<std::size_t> shown_positions(std::size_t shown, std::optional<std::size_t> gap,
                                         std::size_t n) {
    std::vector<std::size_t> out;
    if (!gap) {
        if (shown != n) return out;
        for (std::size_t i = 0; i < n; ++i) out.push_back(i);
        return out;
    }
    if (shown >= n) return out;
    for (std::size_t i = 0; i < *gap; ++i) out.push_back(i);
    for (std::size_t i = n - (shown - *gap); i < n; ++i) out.push_back(i);
    return out;
}

std::string shape_text(const input::PrintedMatrix& m) {
    auto axis = [](std::size_t shown, std::optional<std::size_t> gap) {
        return gap ? std::to_string(shown) + " shown around '...'" : std::to_string(shown);
    };
    return axis(m.rows, m.row_gap) + " x " + axis(m.cols, m.col_gap);
}

constexpr std::size_t kNumpyThreshold = 1000;   // np.set_printoptions' default threshold

// A candidate X' as NumPy prints it with the student's precision and edge items (summarised, or
// whole as with threshold=sys.maxsize), read back as the student's text was.
input::PrintedMatrix as_numpy_prints(const NumpyPrinter& print, const Matrix& x, int precision, std::size_t edgeitems,
                                     bool summarised) {
    const std::vector<double> values(x.data(), x.data() + x.size());
    const std::size_t threshold = summarised ? kNumpyThreshold : x.size();
    return input::parse_printed_matrix(print(values, x.shape(0), x.shape(1), precision, edgeitems, threshold));
}

bool same_print(const input::PrintedMatrix& a, const input::PrintedMatrix& b) {
    if (a.rows != b.rows || a.cols != b.cols || a.row_gap != b.row_gap || a.col_gap != b.col_gap) return false;
    for (std::size_t i = 0; i < a.elements.size(); ++i) {
        if (a.elements[i].text != b.elements[i].text) return false;
    }
    return true;
}

}  // namespace

namespace {

std::string names_of(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::vector<std::string> mistake_names_122() {
    std::vector<std::string> names;
    for (UdlMistake m : udl_mistakes()) names.push_back(udl_mistake_name(m));
    return names;
}

std::vector<std::string> mistake_names_123() {
    std::vector<std::string> names;
    for (TokenizeMistake m : tokenize_mistakes()) names.push_back(tokenize_mistake_name(m));
    return names;
}

std::optional<UdlMistake> find_udl_mistake(const std::string& name) {
    for (UdlMistake m : udl_mistakes()) {
        if (udl_mistake_name(m) == name) return m;
    }
    return std::nullopt;
}

}  // namespace

std::vector<UdlNotebook> udl_notebooks() {
    return {UdlNotebook::nb12_1, UdlNotebook::nb12_2, UdlNotebook::nb12_3};
}


UdlNotebook parse_udl_notebook(const std::string& name) {
    std::vector<std::string> names;
    for (UdlNotebook n : udl_notebooks()) {
        if (udl_notebook_name(n) == name) return n;
        names.push_back(udl_notebook_name(n));
    }
    throw UsageError("NOTEBOOK", "must be one of " + names_of(names) + " (got '" + name + "')");
}

void set_udl_mistake(UdlOptions& o, const std::string& name) {
    const std::optional<UdlMistake> m122 = find_udl_mistake(name);
    const std::optional<TokenizeMistake> m123 = find_tokenize_mistake(name);
    switch (o.notebook) {
        case UdlNotebook::nb12_1:
            throw UsageError("--mistake", "applies to notebooks 12.2, 12.3 and 12.4 only");
        case UdlNotebook::nb12_2:
            if (m122) {
                o.mistake = *m122;
                return;
            }
            if (m123) throw UsageError("--mistake", name + " is a mistake of 12.3, not of 12.2");
            throw UsageError("--mistake", "must be one of " + names_of(mistake_names_122()) + " (got '" + name + "')");
        case UdlNotebook::nb12_3:
            if (m123) {
                o.tokenize.mistake = *m123;
                return;
            }
            if (m122) throw UsageError("--mistake", name + " is a mistake of 12.2, not of 12.3");
            throw UsageError("--mistake", "must be one of " + names_of(mistake_names_123()) + " (got '" + name + "')");
    }
}

std::vector<std::string> udl_mistake_names(UdlNotebook n) {
    if (n == UdlNotebook::nb12_2) return mistake_names_122();
    if (n == UdlNotebook::nb12_3) return mistake_names_123();
    return {};
}

std::string udl_mistake_name(UdlMistake m) {
    switch (m) {
        case UdlMistake::none: return "";
        case UdlMistake::scale_d: return "scale-d";
        case UdlMistake::unscaled: return "unscaled";
        case UdlMistake::softmax_rows: return "softmax-rows";
        case UdlMistake::no_bias: return "no-bias";
        case UdlMistake::no_omega_c: return "no-omega-c";
    }
    return "";
}

std::vector<UdlMistake> udl_mistakes() {
    return {UdlMistake::scale_d, UdlMistake::unscaled, UdlMistake::softmax_rows,
            UdlMistake::no_bias, UdlMistake::no_omega_c};
}

std::string udl_mistake_explanation(UdlMistake m) {
    switch (m) {
        case UdlMistake::none: return "";
        case UdlMistake::scale_d:
            return "the dot products K^T Q were scaled by 1/sqrt(D), the model width, instead of "
                   "1/sqrt(D/H), the width of one head's queries and keys.";
        case UdlMistake::unscaled:
            return "the dot products K^T Q went into the softmax without the 1/sqrt(D/H) scaling.";
        case UdlMistake::softmax_rows:
            return "the softmax ran along each row of K^T Q instead of down each column, so the "
                   "weights of one output do not add up to 1.";
        case UdlMistake::no_bias:
            return "the biases beta_q, beta_k and beta_v were left out of the queries, keys and "
                   "values.";
        case UdlMistake::no_omega_c:
            return "the heads' outputs were stacked but never multiplied by Omega_c.";
    }
    return "";
}

void validate(const UdlOptions& o) {
    if (o.notebook == UdlNotebook::nb12_3) {
        // The seeds are accepted and unused, as the reference takes them; N, D, H are refused.
        if (o.n || o.d || o.h)
            throw UsageError(o.n ? "--n" : o.d ? "--d" : "--h", "applies to notebooks 12.1 and 12.2 only");
        validate_tokenize(o.tokenize);
        return;
    }
    if (o.tokenize.text || o.tokenize.merges)
        throw UsageError(o.tokenize.text ? "--text" : "--merges", "applies to notebook 12.3 only");
    require_in_range("--seed-x", o.seed_x, 0, kUdlMaxSeed);
    require_in_range("--seed-w", o.seed_w, 0, kUdlMaxSeed);
    if (o.n) require_in_range("--n", *o.n, 1, kUdlMaxSize);
    if (o.d) require_in_range("--d", *o.d, 1, kUdlMaxSize);
    // At most 50 × 50: a few dozen matrices of D×N, N×N and D×D are well under a megabyte, but
    // the guard also checks that OpenBLAS's buffers fit an address-space limit (ulimit -v).
    const Sizes size = sizes_of(o);
    const double dn = static_cast<double>(size.d + size.n);
    require_memory(peak_bytes(64.0 * dn * dn), "--d " + std::to_string(size.d) + " --n " + std::to_string(size.n));
    if (o.notebook == UdlNotebook::nb12_1) {
        if (o.h) throw UsageError("--h", "applies to notebook 12.2 only (12.1 has one head)");
        if (o.mistake != UdlMistake::none)
            throw UsageError("--mistake", "applies to notebook 12.2 only");
        return;
    }
    const Sizes z = sizes_of(o);
    if (o.h) require_in_range("--h", *o.h, 1, static_cast<long>(z.d), "at most D");
    if (z.d % z.h != 0)
        throw UsageError("--h", "must divide D = " + std::to_string(z.d) + " (got " +
                                    std::to_string(z.h) + ")");
}

UdlSizes udl_sizes(const UdlOptions& o) {
    const Sizes z = sizes_of(o);
    return {static_cast<long>(z.n), static_cast<long>(z.d), o.notebook == UdlNotebook::nb12_1 ? 1L : static_cast<long>(z.h)};
}

results::UdlReport run_udl(const UdlOptions& o) {
    validate(o);
    results::UdlReport r;
    r.notebook = o.notebook;
    switch (o.notebook) {
        case UdlNotebook::nb12_1: r.nb121 = run_121(o); break;
        case UdlNotebook::nb12_2: r.nb122 = run_122(o); break;
        case UdlNotebook::nb12_3: r.nb123 = run_tokenize(o.tokenize); break;
    }
    return r;
}

results::UdlDiagnosis diagnose_udl(const UdlOptions& o, const std::string& printed, const NumpyPrinter& numpy_print) {
    validate(o);
    if (o.notebook != UdlNotebook::nb12_2) throw UsageError("--diagnose", "applies to notebooks 12.2, 12.3 and 12.4 only");
    if (o.mistake != UdlMistake::none)
        throw UsageError("--diagnose", "does not go with --mistake (it tries every mistake)");
    input::PrintedMatrix m;
    try {
        m = input::parse_printed_matrix(printed);
    } catch (const std::invalid_argument& e) {
        throw UsageError("--diagnose", e.what());
    }
    const Setup122 s = draw_122(o);
    const std::size_t rows = s.x.shape(0), cols = s.x.shape(1);
    // NumPy summarises only an array of over `threshold` (1000) elements, showing the same number
    // of edge items before and after each "...": anything else is not a NumPy printout of X'.
    const std::size_t edgeitems = m.row_gap ? *m.row_gap : m.col_gap ? *m.col_gap : 3;
    if (m.row_gap || m.col_gap) {
        if (rows * cols <= kNumpyThreshold)
            throw UsageError("--diagnose", "NumPy prints all D x N = " + std::to_string(rows * cols) +
                                               " elements of X' (it summarises with '...' only above 1000); got " +
                                               shape_text(m));
        const bool rows_even = !m.row_gap || m.rows == 2 * *m.row_gap;
        const bool cols_even = !m.col_gap || m.cols == 2 * *m.col_gap;
        if (!rows_even || !cols_even || (m.row_gap && m.col_gap && *m.row_gap != *m.col_gap))
            throw UsageError("--diagnose", "NumPy shows the same number of rows and columns on each side of '...' (got " +
                                               shape_text(m) + ")");
    }
    const std::vector<std::size_t> row_at = shown_positions(m.rows, m.row_gap, rows);
    const std::vector<std::size_t> col_at = shown_positions(m.cols, m.col_gap, cols);
    if (row_at.empty() || col_at.empty())
        throw UsageError("--diagnose", "X' has D = " + std::to_string(rows) + " rows and N = " +
                                           std::to_string(cols) + " columns with these flags (got " +
                                           shape_text(m) + ")");
    // flat index in X' of each shown element
    std::vector<std::size_t> at;
    for (std::size_t r : row_at) {
        for (std::size_t c : col_at) at.push_back(r * cols + c);
    }
    // A candidate matches when NumPy, printing it at the student's precision, prints exactly the
    // student's numbers: no tolerance to stretch (a "0e9999" or "0e9" is no NumPy text of any X').
    const int precision = printed_precision(m);
    const bool summarised = m.row_gap || m.col_gap;
    auto numpy_prints = [&](const Matrix& x) { return as_numpy_prints(numpy_print, x, precision, edgeitems, summarised); };
    auto matches = [&](const Matrix& candidate) { return same_print(m, numpy_prints(candidate)); };

    results::UdlDiagnosis d;
    d.mistakes = mistake_names_122();
    d.rows = rows;
    d.cols = cols;
    const Matrix right = multihead_122(s, s.x, UdlMistake::none);
    if (matches(right)) {
        d.match = "right";
    } else {
        for (UdlMistake mistake : udl_mistakes()) {
            if (matches(multihead_122(s, s.x, mistake))) {
                d.match = udl_mistake_name(mistake);
                d.explanation = udl_mistake_explanation(mistake);
                break;
            }
        }
    }
    const input::PrintedMatrix right_printed = numpy_prints(right);
    for (std::size_t i = 0; i < m.elements.size() && i < right_printed.elements.size(); ++i) {
        if (m.elements[i].text == right_printed.elements[i].text) continue;
        d.differs = true;
        d.row = at[i] / cols;
        d.col = at[i] % cols;
        d.yours = m.elements[i].text;
        d.right = right.data()[at[i]];
        d.difference = std::isfinite(m.elements[i].value) ? m.elements[i].value - d.right : m.elements[i].value;
        d.decimals = std::clamp(precision, 3, 17);
        break;
    }
    return d;
}

}  // namespace attn::experiments

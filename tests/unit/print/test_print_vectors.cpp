// Every record of every print-vector file is checked; mismatches are counted per file and the
// first few are reported. The files come from NumPy 1.24.2 / Python 3.11.2 (format and meaning:
// docs/spec/print-vectors.md). By default the set in tests/data/print/ (tools/gen_print_vectors.py,
// in the repository); ctest `print_vectors_full` points ATTN_PRINT_VECTORS at the chapter's full
// set of ~62 000 records when it is present.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace {

using namespace attn::print;

std::string vector_dir() {
    const char* dir = std::getenv("ATTN_PRINT_VECTORS");
    return std::string(dir ? dir : ATTN_SOURCE_DIR "/tests/data/print") + "/";
}
const std::string kDir = vector_dir();

// A file states its size in a comment "# records: N[, differing: K]" (tools/gen_print_vectors.py);
// the chapter's full set does not, and its README's counts are passed as the fallback.
std::size_t declared(const std::string& file, const std::string& key, std::size_t fallback) {
    std::ifstream in(kDir + file);
    std::string line;
    while (std::getline(in, line) && (line.empty() || line[0] == '#')) {
        const auto at = line.find(key + ": ");
        if (at != std::string::npos) return std::stoul(line.substr(at + key.size() + 2));
    }
    return fallback;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t pos = s.find(sep, start);
        out.push_back(s.substr(start, pos == std::string::npos ? std::string::npos : pos - start));
        if (pos == std::string::npos) return out;
        start = pos + 1;
    }
}

// Data records (comment and header lines skipped), each split on TAB.
std::vector<std::vector<std::string>> read_records(const std::string& file, std::size_t ncols) {
    std::ifstream in(kDir + file);
    REQUIRE_MESSAGE(in.good(), "cannot open " << kDir + file);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = false;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (!header) {
            header = true;
            continue;
        }
        auto fields = split(line, '\t');
        REQUIRE_MESSAGE(fields.size() == ncols, file << ": bad record: " << line);
        rows.push_back(std::move(fields));
    }
    return rows;
}

std::string unquote(const std::string& q) {
    REQUIRE_MESSAGE((q.size() >= 2 && q.front() == '"' && q.back() == '"'), "not quoted: " << q);
    std::string out;
    for (std::size_t i = 1; i + 1 < q.size(); ++i) {
        if (q[i] == '\\' && i + 2 < q.size()) {
            ++i;
            out += q[i] == 'n' ? '\n' : q[i];
        } else {
            out += q[i];
        }
    }
    return out;
}

double parse_double(const std::string& s) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    REQUIRE_MESSAGE((end != s.c_str() && *end == '\0'), "bad float: " << s);
    return v;
}

std::vector<std::size_t> parse_shape(const std::string& s) {
    std::vector<std::size_t> shape;
    if (s.empty()) return shape;
    for (const auto& d : split(s, 'x')) shape.push_back(std::stoul(d));
    return shape;
}

std::vector<double> parse_doubles(const std::string& s) {
    std::vector<double> out;
    if (s.empty()) return out;
    for (const auto& v : split(s, ',')) out.push_back(parse_double(v));
    return out;
}

FloatMode parse_mode(const std::string& s) {
    if (s == "maxprec") return FloatMode::maxprec;
    if (s == "fixed") return FloatMode::fixed;
    if (s == "maxprec_equal") return FloatMode::maxprec_equal;
    REQUIRE(s == "unique");
    return FloatMode::unique;
}

std::uint64_t bits(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// Bit-identical, with every NaN equal to every NaN.
bool same_bits(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return bits(a) == bits(b);
}

std::string fmt_hex(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", x);
    return buf;
}

std::string show(const std::string& s) {
    std::string out = "\"";
    for (char c : s) out += c == '\n' ? std::string("\\n") : std::string(1, c);
    return out + "\"";
}

// Counts records and mismatches for one file; reports the first few mismatches.
struct Tally {
    explicit Tally(std::string f) : file(std::move(f)) {}
    std::string file;
    std::size_t records = 0;
    std::size_t mismatches = 0;
    std::ostringstream first;

    void check(bool ok, const std::string& what, const std::string& expected,
               const std::string& got) {
        if (ok) return;
        if (++mismatches <= 5)
            first << "  " << what << "\n    expected " << show(expected) << "\n    got      "
                  << show(got) << "\n";
    }
    void check(const std::string& what, const std::string& expected, const std::string& got) {
        check(expected == got, what, expected, got);
    }
    void finish(std::size_t expected_records) {
        MESSAGE(file << ": " << records << " records, " << mismatches << " mismatches");
        if (mismatches) FAIL_CHECK(file << " mismatches (first few):\n" << first.str());
        CHECK(mismatches == 0);
        CHECK(records == expected_records);  // every record of the file was read
    }
};

}  // namespace

TEST_CASE("print-vectors: array_str.txt") {
    Tally t{"array_str.txt"};
    for (const auto& r : read_records(t.file, 7)) {
        PrintOptions opt;
        opt.precision = std::stoi(r[1]);
        opt.suppress = r[2] == "1";
        opt.floatmode = parse_mode(r[3]);
        const std::string got = array_str(parse_doubles(r[5]), parse_shape(r[4]), opt);
        ++t.records;
        t.check(r[0] + " P=" + r[1] + " S=" + r[2] + " " + r[3] + " shape " + r[4], unquote(r[6]),
                got);
    }
    t.finish(declared(t.file, "records", 2560));
}

TEST_CASE("print-vectors: print_lines.txt") {
    Tally t{"print_lines.txt"};
    for (const auto& r : read_records(t.file, 7)) {
        PrintOptions opt;
        opt.precision = std::stoi(r[1]);
        opt.suppress = r[2] == "1";
        const std::string label = unquote(r[3]);
        const std::string a = array_str(parse_doubles(r[5]), parse_shape(r[4]), opt);
        const std::string got = label.empty() ? py_print({a}) : py_print({label, a});
        ++t.records;
        t.check(r[0], unquote(r[6]), got);
    }
    t.finish(declared(t.file, "records", 100));
}

TEST_CASE("print-vectors: scalar_str.txt") {
    Tally t{"scalar_str.txt"};
    for (const auto& r : read_records(t.file, 2)) {
        ++t.records;
        t.check("x=" + r[0], unquote(r[1]), py_repr(parse_double(r[0])));
        // a 0-d array prints like the scalar
        t.check("0-d x=" + r[0], unquote(r[1]), array_str({parse_double(r[0])}, {}));
    }
    t.finish(declared(t.file, "records", 6029));
}

TEST_CASE("print-vectors: np_round.txt") {
    Tally t{"np_round.txt"};
    std::size_t differing = 0;
    for (const auto& r : read_records(t.file, 7)) {
        const double x = parse_double(r[0]);
        const int d = std::stoi(r[1]);
        const double want_np = parse_double(r[2]);
        const double want_py = parse_double(r[4]);
        const double got_np = np_round(x, d);
        const double got_py = py_round(x, d);
        const std::string what = "x=" + r[0] + " d=" + r[1];
        ++t.records;
        t.check(same_bits(want_np, got_np), what + " np_round bits", r[2],
                fmt_hex(got_np));
        t.check(what + " str(np_round)", unquote(r[3]), py_repr(got_np));
        t.check(same_bits(want_py, got_py), what + " py_round bits", r[4], fmt_hex(got_py));
        t.check(what + " repr(py_round)", unquote(r[5]), py_repr(got_py));
        t.check(what + " same flag", r[6], same_bits(got_np, got_py) ? "1" : "0");
        t.check(same_bits(np_round(std::vector<double>{x}, d).at(0), got_np), what + " vector",
                r[2], "(vector overload differs)");
        if (r[6] == "0") ++differing;
    }
    // np.round and round(float) differ on this many records (2155 in the chapter's full set)
    CHECK(differing == declared(t.file, "differing", 2155));
    t.finish(declared(t.file, "records", 9732));
}

TEST_CASE("print-vectors: pyformat.txt") {
    Tally t{"pyformat.txt"};
    std::size_t nf = 0, nd = 0;
    for (const auto& r : read_records(t.file, 4)) {
        std::string got;
        try {
            if (r[0] == "f") {
                got = py_format(parse_double(r[1]), r[2]);
                ++nf;
            } else {
                REQUIRE(r[0] == "d");
                got = py_format(static_cast<std::int64_t>(std::stoll(r[1])), r[2]);
                ++nd;
            }
        } catch (const std::exception& e) {
            got = std::string("<exception: ") + e.what() + ">";
        }
        ++t.records;
        t.check(r[0] + " x=" + r[1] + " spec='" + r[2] + "'", unquote(r[3]), got);
    }
    CHECK(nf > 0);
    CHECK(nd > 0);
    t.finish(declared(t.file, "records", 43517));
}

TEST_CASE("print-vectors: int_array_str.txt") {
    Tally t{"int_array_str.txt"};
    for (const auto& r : read_records(t.file, 4)) {
        const auto shape = parse_shape(r[1]);
        std::string got;
        if (r[0] == "int64") {
            std::vector<std::int64_t> v;
            for (const auto& s : split(r[2], ',')) v.push_back(std::stoll(s));
            got = int_array_str(v, shape);
        } else {
            REQUIRE(r[0] == "bool");
            std::vector<bool> v;
            for (const auto& s : split(r[2], ',')) v.push_back(s == "1");
            got = bool_array_str(v, shape);
        }
        ++t.records;
        t.check(r[0] + " shape " + r[1], unquote(r[3]), got);
    }
    t.finish(declared(t.file, "records", 180));
}

#include "render/udl_text.hpp"

#include "print/numpy_array.hpp"
#include "print/numpy_repr.hpp"
#include "print/python_format.hpp"

namespace attn::render {
namespace {

std::string str(const report::Array& a, const print::PrintOptions& options = {}) {
    return print::array_str(a.values, a.shape, options);
}

std::string list_of(const std::vector<report::Array>& arrays) {
    std::vector<std::string> items;
    for (const auto& a : arrays) items.push_back(print::array_repr(a.values, a.shape));
    return print::list_repr(items);
}

// f"Permuting the columns of X by {perm} permutes the columns of X' the same way: {same}"
std::string permutation_line(const report::UdlPermutation& p) {
    std::vector<std::int64_t> perm(p.perm.begin(), p.perm.end());
    return "Permuting the columns of X by " + print::int_array_str(perm, {perm.size()}) +
           " permutes the columns of X' the same way: " + print::py_bool(p.same) + "\n";
}

std::string text_121(const report::Udl121& r) {
    std::string out = list_of(r.inputs) + "\n";                      // print(all_x)
    for (std::size_t n = 0; n < r.attentions.size(); ++n) {
        out += "Attentions for output  " + std::to_string(n) + "\n";  // print("…output ", n)
        out += list_of(r.attentions[n]) + "\n";
    }
    for (std::size_t n = 0; n < r.x_prime.size(); ++n)
        out += "x_prime_" + std::to_string(n) + "_calculated: " + str(r.x_prime[n]) + "\n";
    out += str(r.x_prime_matrix) + "\n";
    out += str(r.scaled_attention) + "\n";
    out += str(r.x_prime_scaled) + "\n";
    return out + permutation_line(r.permutation);
}

std::string text_122(const report::Udl122& r) {
    std::string out = str(r.x) + "\n";
    print::PrintOptions p3;   // np.set_printoptions(precision=3), as the notebook's first cell
    p3.precision = 3;
    out += r.mistake.empty() ? "Your answer:\n" : "With the mistake " + r.mistake + ":\n";
    out += str(r.x_prime, p3) + "\n";
    return out + permutation_line(r.permutation);
}

std::string fixed(double x, int decimals, bool sign) {
    return print::py_format(x, std::string(sign ? "+" : "") + "." + std::to_string(decimals) + "f");
}

}  // namespace

std::string udl_text(const report::UdlReport& r) {
    return r.notebook == "12.1" ? text_121(r.nb121) : text_122(r.nb122);
}

std::string udl_diagnosis_text(const report::UdlDiagnosis& d) {
    const std::string shape = std::to_string(d.rows) + " x " + std::to_string(d.cols);
    std::string out;
    if (d.match == "right") {
        out += "Your X' (" + shape + ") matches the right answer.\n";
    } else if (!d.match.empty()) {
        out += "Your X' (" + shape + ") matches the mistake " + d.match + ": " + d.explanation + "\n";
    } else {
        out += "Your X' (" + shape + ") matches neither the right answer nor any known mistake "
               "(scale-d, unscaled, softmax-rows, no-bias, no-omega-c).\n";
    }
    if (d.differs) {
        out += "First element that differs from the right answer: X'[" + std::to_string(d.row) +
               ", " + std::to_string(d.col) + "] (row " + std::to_string(d.row + 1) +
               ", column " + std::to_string(d.col + 1) + "): yours " + d.yours + ", right " +
               fixed(d.right, d.decimals, false) + ", off by " +
               fixed(d.difference, d.decimals, true) + ".\n";
    }
    return out;
}

}  // namespace attn::render

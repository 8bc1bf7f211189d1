#include "render/udl_decoding_text.hpp"

#include "results/getting_gpt2.hpp"
#include "print/python_str_repr.hpp"

namespace attn::render {

std::string udl_decoding_text(const results::UdlDecodingReport& r) {
    std::string out;
    for (const std::string& line : r.lines) out += line + "\n";
    return out;
}

std::string udl_decoding_exception(const results::UdlDecodingReport& r) {
    return r.raised_key ? "KeyError: " + print::py_str_repr(*r.raised_key) : r.raised;
}

std::string udl_decoding_raised(const results::UdlDecodingReport& r) {
    if (r.raised_at_prompt)
        return "the notebook raises " + udl_decoding_exception(r) +
               " tokenizing the prompt (the vocabulary lacks a token its merges make); no cell runs";
    if (!r.raised_cell) return "";
    return "cell " + std::to_string(r.raised_cell) + ": the notebook raises " + udl_decoding_exception(r) + "; Run all stops here";
}

std::string udl_decoding_model_missing() { return gpt2::getting_gpt2(); }

namespace {

std::string cells_text(const std::vector<int>& cells) {
    std::string s;
    for (int c : cells) s += (s.empty() ? "" : ", ") + std::to_string(c);
    return s;
}

std::string quoted(bool has, bool raises, const std::string& text) {
    if (!has) return "(none)";
    return raises ? "raises " + print::py_str_repr(text) : print::py_str_repr(text);
}

}  // namespace

std::string udl_decoding_diagnosis_text(const results::UdlDecodingDiagnosis& d) {
    std::string yours = "Your " + std::to_string(d.lines) + (d.lines == 1 ? " line" : " lines");
    if (!d.raised.empty()) yours += " (then " + print::py_str_repr(d.raised) + ")";
    const std::string decoder = "the " + d.decoder + " decoder (cells " + cells_text(d.cells) + ")";
    std::string out;
    if (d.match == "right") {
        out += yours + " are the right print of " + decoder + ".\n";
    } else if (!d.match.empty()) {
        out += yours + " match the mistake " + d.match + " in " + decoder + ": " + d.explanation + ".\n";
    } else {
        std::string tried;
        for (const std::string& m : d.mistakes) tried += (tried.empty() ? "" : ", ") + m;
        out += yours + " match neither the right decoders nor any known mistake (" + tried + ").\n";
    }
    for (const auto& a : d.also)
        out += "The same lines are printed by " + (a.match == "right" ? "the right " + a.decoder + " decoder" : a.match + " in the " + a.decoder + " decoder") +
               " (cells " + cells_text(a.cells) + "); --cells names the cells you printed.\n";
    if (d.differs)
        out += "First line that differs from the right " + d.decoder + " decoder's print: cell " + std::to_string(d.cell) +
               ", line " + std::to_string(d.line) + ": yours " + quoted(d.has_yours, d.yours_raises, d.yours) + ", right " +
               quoted(d.has_right, d.right_raises, d.right) + ".\n";
    return out;
}

}  // namespace attn::render

// Issue 29, points 7 and 8: a student's text cannot steer a GitHub Actions log (workflow
// commands `##[…]` anywhere, `::…` at a line's start) nor run as a spreadsheet formula.
#include <doctest/doctest.h>

#include <string>

#include "text/neutralise.hpp"

using attn::text::ci_log_safe;
using attn::text::spreadsheet_safe;

namespace {
// What GitHub's runner treats as a command in one line: `##[` anywhere, or `::` first after blanks.
bool runner_sees_command(const std::string& line) {
    if (line.find("##[") != std::string::npos) return true;
    const std::size_t first = line.find_first_not_of(" \t");
    return first != std::string::npos && line.compare(first, 2, "::") == 0;
}
bool any_line_is_command(const std::string& text) {
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find_first_of("\r\n", start);
        if (runner_sees_command(text.substr(start, end == std::string::npos ? std::string::npos : end - start))) return true;
        if (end == std::string::npos) return false;
        start = end + 1;
    }
}
}  // namespace

TEST_CASE("ci_log_safe: workflow commands from a sheet are shown, not run") {
    CHECK(ci_log_safe("##[error]grader says: full marks") == "\\u{0023}#[error]grader says: full marks");
    CHECK(ci_log_safe("x ##[warning]y ##[group]z") == "x \\u{0023}#[warning]y \\u{0023}#[group]z");
    CHECK(ci_log_safe("::error::full marks") == "\\u{003A}:error::full marks");
    CHECK(ci_log_safe("  \t::stop-commands::tok") == "  \t\\u{003A}:stop-commands::tok");
    CHECK(ci_log_safe("a\n::warning::b\r::notice::c") == "a\n\\u{003A}:warning::b\r\\u{003A}:notice::c");
    // Not a command: left exactly as written.
    CHECK(ci_log_safe("hw1.a.weights = a::b") == "hw1.a.weights = a::b");
    CHECK(ci_log_safe("# [x] #[ ##") == "# [x] #[ ##");
    CHECK(ci_log_safe("") == "");
    // `###[` : the runner finds `##[` at its second `#`.
    CHECK_FALSE(any_line_is_command(ci_log_safe("###[error]x")));
    // Every arrangement of #, :, [, blanks and newlines up to 6 characters: no command survives.
    const std::string alphabet = "#:[ \nx";
    std::string s;
    std::size_t tried = 0;
    for (int length = 1; length <= 6; ++length) {
        std::size_t total = 1;
        for (int i = 0; i < length; ++i) total *= alphabet.size();
        for (std::size_t code = 0; code < total; ++code) {
            s.clear();
            for (std::size_t c = code, i = 0; i < static_cast<std::size_t>(length); ++i, c /= alphabet.size()) s += alphabet[c % alphabet.size()];
            const std::string out = ci_log_safe(s);
            ++tried;
            if (any_line_is_command(out)) FAIL_CHECK("a command survives in '" << s << "' -> '" << out << "'");
            if (!any_line_is_command(s)) CHECK_MESSAGE(out == s, "changed text that held no command: '" << s << "'");
        }
    }
    CHECK(tried > 50000);
}

TEST_CASE("spreadsheet_safe: no cell starts a formula") {
    for (const char* f : {"=1+1", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r1", "=HYPERLINK(\"x\")"}) {
        const std::string out = spreadsheet_safe(f);
        CHECK(out == std::string("'") + f);
    }
    CHECK(spreadsheet_safe("alice") == "alice");
    CHECK(spreadsheet_safe("s001") == "s001");
    CHECK(spreadsheet_safe("a=1") == "a=1");
    CHECK(spreadsheet_safe("") == "");
}

TEST_CASE("spreadsheet_safe: no physical line a cell starts begins a formula (issue 43)") {
    // A line break inside a quoted cell starts a line of the file: guarded as the cell's start is.
    CHECK(spreadsheet_safe("\n=1+1") == "\n'=1+1");
    CHECK(spreadsheet_safe("Lee\r\n=HYPERLINK(1)") == "Lee\r\n'=HYPERLINK(1)");
    CHECK(spreadsheet_safe("a\r@SUM(A1)\n-2\n+3") == "a\r'@SUM(A1)\n'-2\n'+3");
    CHECK(spreadsheet_safe("\r=1") == "'\r'=1");
    CHECK(spreadsheet_safe("a\n b=1\nc") == "a\n b=1\nc");
}

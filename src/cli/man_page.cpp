#include "cli/man_page.hpp"

#include <cstdlib>
#include <ctime>
#include <utility>

#include "cli/interface.hpp"
#include "cli/usage.hpp"   // reflow_paragraphs: the footers as `attn COMMAND --help` shows them

namespace attn::cli {
namespace {

// roff text: a backslash is \e, a hyphen \- (so that flags copy as typed), `code` is bold.
std::string roff_text(const std::string& s) {
    std::string out;
    bool code = false;
    for (char ch : s) {
        if (ch == '\\') out += "\\e";
        else if (ch == '-') out += "\\-";
        else if (ch == '`') {
            out += code ? "\\fR" : "\\fB";
            code = !code;
        } else out += ch;
    }
    return code ? out + "\\fR" : out;
}

// Filled text as source lines of at most 78 bytes (mandoc wants none over 80), none starting with
// a control character.
std::string filled(const std::string& roff) {
    std::string out, line;
    std::size_t start = 0;
    while (start < roff.size()) {
        std::size_t end = roff.find(' ', start);
        if (end == std::string::npos) end = roff.size();
        const std::string word = roff.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        if (!line.empty() && line.size() + 1 + word.size() > 78) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += line + "\n";
    std::string safe;   // a source line may not start with '.' or "'"
    for (std::size_t i = 0; i < out.size();) {
        const std::size_t nl = out.find('\n', i);
        const std::string l = out.substr(i, nl - i);
        safe += (l[0] == '.' || l[0] == '\'' ? "\\&" : "") + l + "\n";
        i = nl + 1;
    }
    return safe;
}

// Lines kept as they are (.nf): only backslashes and leading control characters escaped.
std::string unfilled(const std::string& text) {
    std::string out = ".nf\n";
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        std::string line;
        for (char ch : text.substr(start, nl - start)) line += ch == '\\' ? std::string("\\e") : std::string(1, ch);
        if (!line.empty() && (line[0] == '.' || line[0] == '\'')) line = "\\&" + line;
        out += line + "\n";
        start = nl + 1;
    }
    return out + ".fi\n";
}

std::string tagged(const std::string& tag_roff, const std::string& text) {
    return ".TP\n" + tag_roff + "\n" + filled(roff_text(text));
}

std::string flag_entry(const Flag& f) {
    std::string tag;
    if (f.kind == Flag::Kind::positional) {
        tag = "\\fI" + roff_text(f.name) + "\\fR";
    } else {
        tag = "\\fB" + roff_text(f.name) + "\\fR";
        if (f.kind == Flag::Kind::value) tag += " \\fI" + roff_text(f.type_name) + "\\fR";
    }
    std::string text = f.help;
    if (!f.default_text.empty()) text += " (default " + f.default_text + ")";
    return tagged(tag, text);
}

// The chapter's Chinese names under an ASCII locale: groff's ascii device (man under LC_ALL=C)
// drops every CJK character, leaving "Section 6 (): the causal mask". Each name becomes a string,
// the Chinese when the device is utf8, else its English (mandoc, which has no device register,
// takes the English). Each English is at most 7 columns wider than its Chinese: the footers are
// wrapped with that room (66 columns, indented 7). A name without an entry here is caught by
// tests/cli/package_docs_test.py (LC_ALL=C man drops no character).
const std::vector<std::pair<std::string, std::string>>& chinese_names() {
    static const std::vector<std::pair<std::string, std::string>> names = {
        {"三、比重從哪裡來", "where weights come from"}, {"兩塊補丁", "two patches"}, {"多頭", "multi-head"},
        {"遮罩", "the mask"}, {"注意力機制", "Attention"}, {"注意力的代價", "cost of attention"},
        {"作業和解答", "homework, answers"}, {"光", "guang"}, {"✓", "OK"},
    };
    return names;
}

std::string with_name_strings(std::string page) {
    std::string strings;
    int index = 0;
    for (const auto& [chinese, english] : chinese_names()) {
        if (page.find(chinese) == std::string::npos) continue;
        const std::string name = "zh" + std::to_string(++index);
        for (std::size_t at = page.find(chinese); at != std::string::npos; at = page.find(chinese, at)) {
            page.replace(at, chinese.size(), "\\*[" + name + "]");
        }
        strings += ".ie '\\*[.T]'utf8' .ds " + name + " " + chinese + "\n.el .ds " + name + " " + english + "\n";
    }
    const std::size_t th = page.find("\n.TH ");
    const std::size_t after = page.find('\n', th + 1) + 1;
    return page.substr(0, after) + strings + page.substr(after);
}

}  // namespace

std::string man_page(const std::vector<Command>& commands, const std::string& version, const std::string& date) {
    std::string p = ".\\\" attn.1, made by `attn --man` from attn's flags, environment and exit\n"
                    ".\\\" codes as data (src/cli/interface.hpp, src/cli/commands/).\n"
                    ".TH ATTN \"1\" \"" + date + "\" \"attn " + version + "\" \"User Commands\"\n"
                    ".SH NAME\nattn \\- replay a Transformer chapter's experiments, grade its homework\n"
                    ".SH SYNOPSIS\n.B attn\n\\fICOMMAND\\fR [\\fIFLAGS\\fR...]\n.br\n.B attn\n"
                    "[\\fB\\-h\\fR] [\\fB\\-V\\fR] [\\fB\\-\\-man\\fR]\n"
                    ".SH DESCRIPTION\n" + filled(roff_text(description()));
    p += ".SH SUBCOMMANDS\n";
    for (const Command& c : commands) p += tagged("\\fB" + roff_text(c.name) + "\\fR", c.summary);
    p += ".SH OPTIONS\n";
    for (const TopFlag& f : top_flags()) p += tagged("\\fB" + roff_text(f.names) + "\\fR", f.meaning);
    for (const Command& c : commands) {
        p += ".SS \"attn " + c.name + "\"\n" + filled(roff_text(c.summary));
        for (const Flag& f : c.flags) p += flag_entry(f);
        p += tagged("\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "these flags");
        if (!c.footer.empty()) p += ".PP\n" + unfilled(reflow_paragraphs(c.footer, 66));
    }
    p += ".SH \"EXIT STATUS\"\n";
    for (const ExitStatus& s : exit_statuses()) p += tagged(std::to_string(s.code), s.meaning);
    p += ".PP\n" + filled(roff_text("Plain `attn`, without a subcommand, prints a short usage on standard error and exits 2."));
    p += ".SH ENVIRONMENT\n";
    for (const EnvironmentVariable& v : environment()) p += ".TP\n.B " + v.name + "\n" + filled(roff_text(v.meaning));
    p += ".SH FILES\n"
         ".TP\n.I /usr/share/bash\\-completion/completions/attn\n.TQ\n.I /usr/share/zsh/vendor\\-completions/_attn\n"
         ".TQ\n.I /usr/share/fish/vendor_completions.d/attn.fish\n" +
         filled(roff_text("the shell completions, also printed by `attn completion SHELL`. The release tarball puts "
                          "them under share/ of where it is unpacked (zsh: share/zsh/site-functions/_attn).")) +
         ".TP\n.I ANSWERS.toml\n" +
         filled(roff_text("an answer sheet (`attn homework --template` prints a blank one); `attn homework --grade` "
                          "reads it. A course file (`--course`) is TOML too. attn reads no configuration file."));
    p += ".SH EXAMPLES\n";
    for (const Example& e : examples()) p += tagged("\\fB" + roff_text(e.command) + "\\fR", e.meaning);
    p += ".SH \"CHARACTER SET\"\n" +
         filled(roff_text("The help quotes the chapter's Traditional Chinese section names (for example `mask` "
                          "replays section 6, 遮罩). Where man cannot show those characters (an ASCII locale such "
                          "as `LC_ALL=C`), this page gives each name in English in its place; every flag, value "
                          "and example is ASCII. Read the page in a UTF-8 locale (`LC_ALL=C.UTF-8 man attn`) to "
                          "see the Chinese, as `attn --help` prints it."));
    p += ".SH \"SEE ALSO\"\n.BR python3 (1),\n.BR numpy.random.default_rng ;\n" +
         filled("the chapter's reference scripts, which attn replays byte for byte. The teacher's guide "
                "(course file, CI and Gradescope setups, the trust model):") +
         ".IR /usr/share/doc/attn/homework.md .\n" + filled("The output formats and their JSON schema:") +
         ".I /usr/share/doc/attn/output.md\nand\n.IR /usr/share/doc/attn/schema/attn\\-output.schema.json .\n";
    return with_name_strings(p);
}

std::string man_page_date() {
    std::time_t when = std::time(nullptr);
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
        char* end = nullptr;
        const long long t = std::strtoll(epoch, &end, 10);
        if (end != epoch && *end == '\0' && t >= 0) when = static_cast<std::time_t>(t);
    }
    std::tm day{};
    gmtime_r(&when, &day);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &day);
    return text;
}

}  // namespace attn::cli

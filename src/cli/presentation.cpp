#include "cli/presentation.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "cli/flags.hpp"
#include "errors.hpp"

namespace attn::cli {
namespace {

const std::vector<std::string> kFormats = {"text", "json"};
const std::vector<std::string> kLangs = {"zh-TW", "en"};

std::string one_of(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return "must be one of " + out;
}

// Language tags are case-insensitive (BCP 47), and locale-style zh_TW is common in the
// environment: compare lower-cased, '_' as '-'.
std::string folded(const std::string& text) {
    std::string out;
    for (char ch : text) {
        out += ch == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    return out;
}

render::Lang parse_lang(const std::string& who, const std::string& text) {
    if (folded(text) == "zh-tw") return render::Lang::zh_TW;
    if (folded(text) == "en") return render::Lang::en;
    throw UsageError(who, one_of(kLangs) + " (got '" + text + "')");
}

}  // namespace

Option<Presentation> format_flag() {
    Option<Presentation> format;
    format.flag.name = "--format";
    format.flag.type_name = "FORMAT";
    format.flag.help = "text (the chapter's lines) or json (every number at full precision)";
    format.flag.default_text = "text";
    format.flag.choices = kFormats;
    format.parse = [](Presentation& p, const std::string& text) {
        if (text == "text") {
            p.format = Format::text;
        } else if (text == "json") {
            p.format = Format::json;
        } else {
            throw UsageError("--format", one_of(kFormats) + " (got '" + text + "')");
        }
    };
    format.value = [](const Presentation& p) { return results::SettingValue(std::string(kFormats[p.format == Format::json])); };
    return format;
}

Option<Presentation> lang_flag() {
    Option<Presentation> lang;
    lang.flag.name = "--lang";
    lang.flag.type_name = "LANG";
    lang.flag.help = "language of the text: zh-TW (the chapter's) or en; ATTN_LANG sets the default";
    lang.flag.default_text = "zh-TW";
    lang.flag.choices = kLangs;
    lang.parse = [](Presentation& p, const std::string& text) {
        p.lang = parse_lang("--lang", text);
        p.lang_given = true;
        p.lang_chosen = true;
    };
    lang.value = [](const Presentation& p) { return results::SettingValue(std::string(render::lang_tag(p.lang))); };
    return lang;
}

std::vector<Option<Presentation>> presentation_flags() { return {format_flag(), lang_flag()}; }

void apply_language_environment(Presentation& p) {
    if (p.lang_given) return;
    const char* env = std::getenv("ATTN_LANG");
    if (env == nullptr || *env == '\0') return;
    p.lang = parse_lang("ATTN_LANG", env);
    p.lang_chosen = true;
}

void require_text_format(const Presentation& p, const std::string& flag) {
    if (p.format == Format::json) {
        throw UsageError(flag, "prints after the text; it does not go with --format json");
    }
}

Option<Presentation> with_outputs_flag() {
    return lift(&Presentation::with_outputs,
                toggle_flag("--with-outputs",
                            "with --format json: also the outputs the text does not print (computed only then)"));
}

void require_json_format(const Presentation& p, const std::string& flag) {
    if (p.format != Format::json) {
        throw UsageError(flag, "adds to the JSON only; it needs --format json");
    }
}

}  // namespace attn::cli

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

// "--no-mask" -> "no_mask", "SECTION" -> "section": the flag's name as a JSON key.
std::string key_of(const std::string& flag_name) {
    std::string out;
    for (char ch : flag_name.substr(flag_name.find_first_not_of('-'))) {
        out += ch == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    return out;
}

}  // namespace

Flag format_flag(Presentation& p) {
    Flag format;
    format.name = "--format";
    format.type_name = "FORMAT";
    format.help = "text (the chapter's lines) or json (every number at full precision)";
    format.default_text = "text";
    format.choices = kFormats;
    format.parse = [&p](const std::string& text) {
        if (text == "text") {
            p.format = Format::text;
        } else if (text == "json") {
            p.format = Format::json;
        } else {
            throw UsageError("--format", one_of(kFormats) + " (got '" + text + "')");
        }
    };
    format.value = [&p] { return report::SettingValue(std::string(kFormats[p.format == Format::json])); };
    return format;
}

Flag lang_flag(Presentation& p) {
    Flag lang;
    lang.name = "--lang";
    lang.type_name = "LANG";
    lang.help = "language of the text: zh-TW (the chapter's) or en; ATTN_LANG sets the default";
    lang.default_text = "zh-TW";
    lang.choices = kLangs;
    lang.parse = [&p](const std::string& text) {
        p.lang = parse_lang("--lang", text);
        p.lang_given = true;
    };
    lang.value = [&p] { return report::SettingValue(std::string(render::lang_tag(p.lang))); };
    return lang;
}

std::vector<Flag> presentation_flags(Presentation& p) { return {format_flag(p), lang_flag(p)}; }

void apply_language_environment(Presentation& p) {
    if (p.lang_given) return;
    const char* env = std::getenv("ATTN_LANG");
    if (env == nullptr || *env == '\0') return;
    p.lang = parse_lang("ATTN_LANG", env);
}

void require_text_format(const Presentation& p, const std::string& flag) {
    if (p.format == Format::json) {
        throw UsageError(flag, "prints after the text; it does not go with --format json");
    }
}

Flag with_outputs_flag(bool& field) {
    return toggle_flag("--with-outputs",
                       "with --format json: also the outputs the text does not print (computed only then)", field);
}

void require_json_format(const Presentation& p, const std::string& flag) {
    if (p.format != Format::json) {
        throw UsageError(flag, "adds to the JSON only; it needs --format json");
    }
}

report::Invocation invocation(const std::string& command, const std::vector<Flag>& flags) {
    report::Invocation inv;
    inv.attn_version = ATTN_VERSION;
    inv.command = command;
    for (const Flag& f : flags) {
        if (f.value) inv.options.push_back({key_of(f.name), f.value()});
    }
    return inv;
}

}  // namespace attn::cli

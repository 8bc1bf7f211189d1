#pragma once
// How a report is presented: --format text|json and --lang zh-TW|en (default: $ATTN_LANG, else
// the chapter's zh-TW, whatever the locale). Every experiment command appends these flags and
// renders its report with rendered(), which picks the renderer; experiments never branch on them.
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "experiments/output_format.hpp"
#include "render/heatmap_views.hpp"
#include "render/lang.hpp"
#include "report/invocation.hpp"

namespace attn::cli {

enum class Format { text, json };

struct Presentation {
    Format format = Format::text;
    render::Lang lang = render::Lang::zh_TW;
    bool lang_given = false;   // --lang wins over ATTN_LANG
};

// --format and --lang, bound to `p` (which must outlive them), with their choices for completion.
Flag format_flag(Presentation& p);
Flag lang_flag(Presentation& p);
std::vector<Flag> presentation_flags(Presentation& p);   // both

// When --lang was not given, takes the language from ATTN_LANG (unset or empty: zh-TW). Throws
// UsageError naming ATTN_LANG and the allowed values for anything else.
void apply_language_environment(Presentation& p);

// The record of a run: attn's version, the command, and every flag's value as the run used it.
report::Invocation invocation(const std::string& command, const std::vector<Flag>& flags);

// The report as bytes: JSON with the run's record (every flag's value as the run used it), or
// the text in the chosen language. Call apply_language_environment first, before the run.
template <class Report>
std::string rendered(const Presentation& p, const std::string& command, const std::vector<Flag>& flags,
                     const Report& report, std::string (*text)(const Report&, render::Lang),
                     std::string (*json)(const Report&, const report::Invocation&)) {
    return p.format == Format::json ? json(report, invocation(command, flags)) : text(report, p.lang);
}

// Throws UsageError naming `flag` when --format json was chosen: `flag` prints after the text.
void require_text_format(const Presentation& p, const std::string& flag);

// --format as the memory model knows it (experiments/checks.hpp: JSON writes every number).
inline experiments::OutputFormat output_format(const Presentation& p) {
    return p.format == Format::json ? experiments::OutputFormat::json : experiments::OutputFormat::text;
}

// The heatmaps' captions follow --lang (the SVG pictures are always in English).
inline render::Wording wording(render::Lang lang) {
    return lang == render::Lang::en ? render::Wording::english : render::Wording::chapter;
}

}  // namespace attn::cli

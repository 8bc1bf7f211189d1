#pragma once
// How a report is presented: --format text|json and --lang zh-TW|en (default: $ATTN_LANG, else
// the chapter's zh-TW, whatever the locale). Every experiment command has these flags, and the
// driver (cli/experiment_command.hpp) picks the renderer by them; experiments never branch on them.
#include <string>
#include <vector>

#include "cli/flags.hpp"
#include "experiments/output_format.hpp"
#include "render/heatmap_views.hpp"
#include "render/lang.hpp"

namespace attn::cli {

enum class Format { text, json };

struct Presentation {
    Format format = Format::text;
    render::Lang lang = render::Lang::zh_TW;
    bool lang_given = false;   // --lang wins over ATTN_LANG
    // --lang given or ATTN_LANG set: a language the user chose, not the default. The pictures'
    // words follow only a chosen language (English otherwise: docs/pictures.md, fonts).
    bool lang_chosen = false;
    bool with_outputs = false; // --with-outputs (attention, multihead): JSON only
};

// --format and --lang, with their choices for completion.
Option<Presentation> format_flag();
Option<Presentation> lang_flag();
std::vector<Option<Presentation>> presentation_flags();   // both

// When --lang was not given, takes the language from ATTN_LANG (unset or empty: zh-TW). Throws
// UsageError naming ATTN_LANG and the allowed values for anything else.
void apply_language_environment(Presentation& p);

// Throws UsageError naming `flag` when --format json was chosen: `flag` prints after the text.
void require_text_format(const Presentation& p, const std::string& flag);

// --format as the memory model knows it (experiments/checks.hpp: JSON writes every number).
inline experiments::OutputFormat output_format(const Presentation& p) {
    return p.format == Format::json ? experiments::OutputFormat::json : experiments::OutputFormat::text;
}
// --with-outputs: the JSON also carries values the text never shows (attention's Y, each head's
// weights and output of multihead), and only then does the run compute them.
Option<Presentation> with_outputs_flag();
// Throws UsageError naming `flag` unless --format json was chosen: `flag` adds to the JSON only.
void require_json_format(const Presentation& p, const std::string& flag);

// The heatmaps' captions follow --lang (the SVG pictures are always in English).
inline render::Wording wording(render::Lang lang) {
    return lang == render::Lang::en ? render::Wording::english : render::Wording::chapter;
}

}  // namespace attn::cli

#include "render/json/udl_decoding_json.hpp"

#include "render/json/json_document.hpp"
#include "render/udl_decoding_text.hpp"

namespace attn::render {

std::string udl_decoding_json(const results::UdlDecodingReport& r, const results::Invocation& invocation) {
    std::vector<json::Object> cells;
    for (const results::UdlDecodingCell& c : r.cells) {
        json::Json steps = json::Json::array();
        for (const results::UdlDecodingStep& s : r.steps) {
            if (s.cell != c.cell) continue;
            json::Json margins = json::Json::object();
            for (const auto& [kind, value] : s.margins) margins[kind] = value;
            json::Json top = json::Json::array();
            for (const results::UdlCandidate& t : s.top)
                top.push_back({{"id", t.id}, {"probability", t.probability}, {"text", t.text}});
            steps.push_back({{"decoder", s.decoder}, {"chosen", s.chosen}, {"probabilities", s.probabilities},
                             {"margins", margins}, {"ranks", s.chosen_ranks}, {"top", top},
                             {"kept", s.kept >= 0 ? json::Json(s.kept) : json::Json(nullptr)}});
        }
        json::Object cell;
        cell.value("cell", c.cell).value("lines", c.lines).value("steps", steps);
        if (c.cell == 28) {   // beam search as a tree: each step's beams, each linked to its parent
            json::Json tree = json::Json::array();
            for (const auto& step : r.beam_steps) {
                json::Json beams = json::Json::array();
                for (const results::UdlBeam& b : step)
                    beams.push_back({{"parent", b.parent >= 0 ? json::Json(b.parent) : json::Json(nullptr)},
                                     {"appended", b.appended}, {"text", b.appended_text}, {"log_prob", b.log_prob}});
                tree.push_back(beams);
            }
            cell.value("beams", tree);
        }
        cells.push_back(std::move(cell));
    }
    json::Object data;
    data.value("notebook", "12.4").value("prompt_ids", r.prompt_ids).objects("cells", std::move(cells));
    if (r.raised_cell || r.raised_at_prompt) {
        json::Object raised;
        raised.value("cell", r.raised_at_prompt ? json::Json(nullptr) : json::Json(r.raised_cell))
            .value("error", udl_decoding_exception(r));
        data.object("raised", raised);
    } else {
        data.value("raised", nullptr);
    }
    return json::document(invocation, std::move(data));
}

std::string udl_attention_json(const results::UdlAttentionReport& r, const results::Invocation& invocation) {
    const std::size_t T = r.size();
    json::Json heads = json::Json::array();
    for (long l = 0; l < r.layers; ++l)
        for (long h = 0; h < r.heads; ++h) {
            if (r.shown && *r.shown != std::make_pair(l, h)) continue;
            json::Json a = json::Json::array();
            for (std::size_t m = 0; m < T; ++m) {
                std::vector<double> row;
                for (std::size_t n = 0; n < T; ++n) row.push_back(r.a(l, h, m, n));
                a.push_back(row);
            }
            heads.push_back({{"layer", l}, {"head", h}, {"A", a}});
        }
    json::Object data;
    data.value("notebook", "12.4")
        .value("prompt_ids", r.ids)
        .value("tokens", r.tokens)
        .value("layers", r.layers)
        .value("heads", r.heads)
        .value("attention", heads);
    return json::document(invocation, std::move(data));
}

std::string udl_decoding_diagnosis_json(const results::UdlDecodingDiagnosis& d, const results::Invocation& invocation) {
    auto text_or_null = [](const std::string& s) { return s.empty() ? json::Json(nullptr) : json::Json(s); };
    json::Json also = json::Json::array();
    for (const auto& a : d.also) also.push_back({{"match", a.match}, {"decoder", a.decoder}, {"cells", a.cells}});
    json::Object data;
    data.value("notebook", "12.4")
        .value("lines", d.lines)
        .value("raised", text_or_null(d.raised))
        .value("match", text_or_null(d.match))
        .value("decoder", d.decoder)
        .value("cells", d.cells)
        .value("explanation", text_or_null(d.explanation))
        .value("also", also)
        .value("mistakes", d.mistakes);
    if (d.differs) {
        json::Object first;   // the first line (or raise) that differs from the right decoder's print
        first.value("cell", d.cell)
            .value("line", d.line)
            .value("yours", d.has_yours ? json::Json(d.yours) : json::Json(nullptr))
            .value("yours_raises", d.yours_raises)
            .value("right", d.has_right ? json::Json(d.right) : json::Json(nullptr))
            .value("right_raises", d.right_raises);
        data.object("first_difference", first);
    } else {
        data.value("first_difference", nullptr);
    }
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render

#include "render/json/udl_decoding_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string udl_decoding_json(const results::UdlDecodingReport& r, const results::Invocation& invocation) {
    std::vector<json::Object> cells;
    for (const results::UdlDecodingCell& c : r.cells) {
        json::Json steps = json::Json::array();
        for (const results::UdlDecodingStep& s : r.steps) {
            if (s.cell != c.cell) continue;
            json::Json margins = json::Json::object();
            for (const auto& [kind, value] : s.margins) margins[kind] = value;
            steps.push_back({{"decoder", s.decoder}, {"chosen", s.chosen}, {"probabilities", s.probabilities},
                             {"margins", margins}});
        }
        json::Object cell;
        cell.value("cell", c.cell).value("lines", c.lines).value("steps", steps);
        cells.push_back(std::move(cell));
    }
    json::Object data;
    data.value("notebook", "12.4").value("prompt_ids", r.prompt_ids).objects("cells", std::move(cells));
    if (r.raised_cell) {
        json::Object raised;
        raised.value("cell", r.raised_cell).value("error", r.raised);
        data.object("raised", raised);
    } else {
        data.value("raised", nullptr);
    }
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render

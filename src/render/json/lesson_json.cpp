#include "render/json/lesson_json.hpp"

#include <stdexcept>
#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

// One key per shown section; every value is a float32 widened to double, written at full
// double precision (so it reads back as the exact float32).
std::string lesson_json(const results::LessonReport& r, const results::Invocation& invocation) {
    json::Object data;
    for (int s : r.shown) {
        json::Object section;
        switch (s) {
            case 1:
                section.array("weights", r.averaging_weights).value("third_is_mean", r.third_is_mean);
                data.object("averaging", section);
                break;
            case 2:
                section.value("words", r.words)
                    .value("scores", r.scores)
                    .value("weights", r.weights)
                    .value("weights_x5", r.weights_x5);
                data.object("scores", section);
                break;
            case 3:
                section.array("weights", r.causal_weights);
                data.object("causal_mask", section);
                break;
            case 4: {
                std::vector<json::Object> rows;
                for (const auto& row : r.spread) {
                    json::Object o;
                    o.value("d", row.d)
                        .value("dot_std", row.dot_std)
                        .value("sqrt_d", row.sqrt_d)
                        .value("max_weight_raw", row.max_weight_raw)
                        .value("max_weight_scaled", row.max_weight_scaled);
                    rows.push_back(std::move(o));
                }
                data.objects("spread", rows);
                break;
            }
            case 5:
                section.value("input_shape", json::shape(r.input_shape))
                    .value("qkv_shape", json::shape(r.qkv_shape))
                    .value("output_shape", json::shape(r.output_shape))
                    .value("causal", r.causal)
                    .array("output", r.head_output)
                    .value("max_difference", r.max_difference);
                data.object("head", section);
                break;
            default: throw std::invalid_argument("lesson_json: no section " + std::to_string(s));
        }
    }
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render

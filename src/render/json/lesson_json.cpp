#include "render/json/lesson_json.hpp"

#include <stdexcept>

#include "render/json/json_document.hpp"

namespace attn::render {

// One key per shown section; every value is a float32 widened to double, written at full
// double precision (so it reads back as the exact float32).
std::string lesson_json(const report::LessonReport& r, const report::Invocation& invocation) {
    json::Json data = json::Json::object();
    for (int s : r.shown) {
        switch (s) {
            case 1:
                data["averaging"] = {{"weights", json::array(r.averaging_weights)},
                                     {"third_is_mean", r.third_is_mean}};
                break;
            case 2:
                data["scores"] = {{"words", r.words},
                                  {"scores", r.scores},
                                  {"weights", r.weights},
                                  {"weights_x5", r.weights_x5}};
                break;
            case 3:
                data["causal_mask"] = {{"weights", json::array(r.causal_weights)}};
                break;
            case 4: {
                json::Json rows = json::Json::array();
                for (const auto& row : r.spread) {
                    rows.push_back({{"d", row.d},
                                    {"dot_std", row.dot_std},
                                    {"sqrt_d", row.sqrt_d},
                                    {"max_weight_raw", row.max_weight_raw},
                                    {"max_weight_scaled", row.max_weight_scaled}});
                }
                data["spread"] = std::move(rows);
                break;
            }
            case 5:
                data["head"] = {{"input_shape", json::shape(r.input_shape)},
                                {"qkv_shape", json::shape(r.qkv_shape)},
                                {"output_shape", json::shape(r.output_shape)},
                                {"causal", r.causal},
                                {"output", json::array(r.head_output)},
                                {"max_difference", r.max_difference}};
                break;
            default: throw std::invalid_argument("lesson_json: no section " + std::to_string(s));
        }
    }
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render

#include "render/json/json_document.hpp"

#include <stdexcept>
#include <variant>

namespace attn::render::json {
namespace {

// C-order values nested by the shape, as NumPy's tolist() would.
Json nested(const report::Array& a, std::size_t dim, std::size_t& next) {
    if (dim == a.shape.size()) return a.values.at(next++);
    Json out = Json::array();
    for (std::size_t i = 0; i < a.shape[dim]; ++i) out.push_back(nested(a, dim + 1, next));
    return out;
}

Json setting_value(const report::SettingValue& v) {
    return std::visit([](const auto& x) { return Json(x); }, v);
}

}  // namespace

Json shape(const report::Shape& s) {
    Json out = Json::array();
    for (std::size_t n : s) out.push_back(n);
    return out;
}

Json array(const report::Array& a) {
    std::size_t count = 1;
    for (std::size_t n : a.shape) count *= n;
    if (count != a.values.size()) throw std::logic_error("json::array: shape does not match the values");
    std::size_t next = 0;
    return Json{{"shape", shape(a.shape)}, {"values", nested(a, 0, next)}};
}

std::string document(const report::Invocation& invocation, Json data) {
    Json options = Json::object();
    for (const auto& s : invocation.options) options[s.name] = setting_value(s.value);
    const Json doc = {{"schema_version", kSchemaVersion},
                      {"attn_version", invocation.attn_version},
                      {"command", invocation.command},
                      {"options", std::move(options)},
                      {"data", std::move(data)}};
    return doc.dump() + "\n";
}

}  // namespace attn::render::json

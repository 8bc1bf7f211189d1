#include "homework/key/key_json.hpp"

#include <utility>
#include <cstdint>

#include "render/json/json_document.hpp"

namespace attn::homework {
namespace {

namespace json = render::json;

using homework::Item;
using homework::ItemKind;

const char* kind_name(ItemKind k) {
    switch (k) {
        case ItemKind::integer: return "integer";
        case ItemKind::real: return "real";
        case ItemKind::boolean: return "boolean";
        case ItemKind::expression: return "expression";
    }
    return "real";
}

json::Json precision(const homework::Precision& p) {
    using K = homework::Precision::Kind;
    const char* kind = p.kind == K::places ? "places" : p.kind == K::significant ? "significant" : "exact";
    return {{"kind", kind}, {"digits", p.digits}};
}

// The exact value, as the sheet's key holds it: a scalar when length is 0, else a list;
// integers as JSON integers, reals at full precision (the TOML --key prints them rounded).
json::Json value(const Item& item) {
    if (item.kind == ItemKind::boolean) return item.boolean;
    if (item.kind == ItemKind::expression) return item.expression;
    const auto one = [&](double v) {
        return item.kind == ItemKind::integer ? json::Json(static_cast<std::int64_t>(v)) : json::Json(v);
    };
    if (item.length == 0) return one(item.values.at(0));
    json::Json list = json::Json::array();
    for (double v : item.values) list.push_back(one(v));
    return list;
}

}  // namespace

std::string key_json(const homework::AnswerKey& key, const results::Invocation& invocation) {
    std::vector<json::Object> items;
    for (const Item& item : key.items) {
        json::Object o;
        o.value("key", item.key())
            .value("problem", item.problem)
            .value("part", item.part)
            .value("name", item.name)
            .value("kind", kind_name(item.kind))
            .value("precision", precision(item.precision))
            .value("value", value(item))
            .value("asks", item.asks)
            .value("shareable", item.shareable);
        items.push_back(std::move(o));
    }
    json::Object data;
    data.value("variant", key.variant.label()).objects("items", items);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::homework

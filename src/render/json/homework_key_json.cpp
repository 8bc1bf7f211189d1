#include "render/json/homework_key_json.hpp"

#include <cstdint>

#include "render/json/json_document.hpp"

namespace attn::render {
namespace {

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

std::string homework_key_json(const homework::AnswerKey& key, const report::Invocation& invocation) {
    json::Json items = json::Json::array();
    for (const Item& item : key.items) {
        items.push_back({{"key", item.key()},
                         {"problem", item.problem},
                         {"part", item.part},
                         {"name", item.name},
                         {"kind", kind_name(item.kind)},
                         {"precision", precision(item.precision)},
                         {"value", value(item)},
                         {"asks", item.asks}});
    }
    return json::document(invocation, {{"variant", key.variant.label()}, {"items", std::move(items)}});
}

}  // namespace attn::render

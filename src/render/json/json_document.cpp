#include "render/json/json_document.hpp"

#include <algorithm>
#include <utility>

#include <stdexcept>
#include <variant>

namespace attn::render::json {
namespace {

// Values [first, first + count) of `a` nested by the shape from dimension `dim` on; the last
// dimension is one small DOM row at a time.
void write_nested(std::string& out, const results::Array& a, std::size_t dim, std::size_t first) {
    if (dim == a.shape.size()) {
        out += Json(a.values[first]).dump();
        return;
    }
    std::size_t stride = 1;
    for (std::size_t d = dim + 1; d < a.shape.size(); ++d) stride *= a.shape[d];
    if (dim + 1 == a.shape.size()) {
        Json row = Json::array();
        for (std::size_t i = 0; i < a.shape[dim]; ++i) row.push_back(a.values[first + i]);
        out += row.dump();
        return;
    }
    out += '[';
    for (std::size_t i = 0; i < a.shape[dim]; ++i) {
        if (i) out += ',';
        write_nested(out, a, dim + 1, first + i * stride);
    }
    out += ']';
}

Json setting_value(const results::SettingValue& v) {
    return std::visit([](const auto& x) { return Json(x); }, v);
}

}  // namespace

void Object::key(const std::string& k) {
    if (!body_.empty()) body_ += ',';
    body_ += Json(k).dump() + ':';
}

Object& Object::value(const std::string& k, const Json& v) {
    key(k);
    body_ += v.dump();
    return *this;
}

void Object::write_array(const std::string& k, const results::Array& a) {
    std::size_t count = 1;
    for (std::size_t n : a.shape) count *= n;
    if (count != a.values.size()) throw std::logic_error("json: shape does not match the values of " + k);
    // ~20 characters a number ("0.17063427533995335,"): reserve once instead of doubling a
    // string of hundreds of megabytes several times.
    // Grown geometrically: a list of arrays (multihead's heads) reserving each one's exact size
    // would reallocate the whole body once per array.
    const std::size_t needed = body_.size() + 24 * count + 64;
    if (needed > body_.capacity()) body_.reserve(std::max(needed, 2 * body_.capacity()));
    body_ += "{\"shape\":" + shape(a.shape).dump() + ",\"values\":";
    write_nested(body_, a, 0, 0);
    body_ += '}';
}

Object& Object::array(const std::string& k, const results::Array& a) {
    key(k);
    write_array(k, a);
    return *this;
}

Object& Object::arrays(const std::string& k, const std::vector<results::Array>& list) {
    key(k);
    body_ += '[';
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i) body_ += ',';
        write_array(k, list[i]);
    }
    body_ += ']';
    return *this;
}

Object& Object::object(const std::string& k, const Object& nested) {
    key(k);
    body_ += '{';
    body_ += nested.body_;
    body_ += '}';
    return *this;
}

Object& Object::objects(const std::string& k, const std::vector<Object>& items) {
    std::vector<Object> copy = items;   // small lists (cost's runs, scaling's rows): one way to write them
    return objects(k, std::move(copy));
}

Object& Object::objects(const std::string& k, std::vector<Object>&& items) {
    std::size_t total = body_.size() + k.size() + 4096;
    for (const Object& item : items) total += item.body_.size() + 3;
    if (total > body_.capacity()) body_.reserve(total);
    key(k);
    body_ += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) body_ += ',';
        body_ += '{';
        body_ += items[i].body_;
        body_ += '}';
        std::string().swap(items[i].body_);
    }
    body_ += ']';
    return *this;
}

Json shape(const results::Shape& s) {
    Json out = Json::array();
    for (std::size_t n : s) out.push_back(n);
    return out;
}

std::string document(const results::Invocation& invocation, Object&& data) {
    Json options = Json::object();
    for (const auto& s : invocation.options) options[s.name] = setting_value(s.value);
    Object head;
    head.value("schema_version", kSchemaVersion)
        .value("attn_version", invocation.attn_version)
        .value("command", invocation.command)
        .value("options", options);
    // The data's text becomes the document in place: no second copy of a large matrix.
    std::string out = std::move(data.body_);
    out.insert(0, "{" + head.body_ + ",\"data\":{");
    out += "}}\n";
    return out;
}

}  // namespace attn::render::json

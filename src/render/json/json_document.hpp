#pragma once
// Pieces every JSON renderer shares (docs/output.md, docs/schema/attn-output.schema.json): an
// object written field by field, and the document around a report's data. Only
// src/render/json/*.cpp include this header (nlohmann/json is heavy to compile).
//
// Every value goes through nlohmann-json's serializer (doubles as the shortest text that reads
// back as the same double), but arrays are written one row at a time into one string that
// becomes the document without a copy: a whole N×N matrix as one nlohmann DOM costs ~16 bytes
// a number on top of its ~20 bytes of text. `attention --n 4000 --format json` (358 MB): peak
// memory 1.13 GB and 11.2 s with one DOM; 0.51 GB (the run's own peak) and 7.3 s this way.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "results/array.hpp"
#include "results/invocation.hpp"

namespace attn::render::json {

using Json = nlohmann::ordered_json;   // keys in the order written

// Bumped when a key changes meaning or disappears; adding keys does not bump it.
inline constexpr int kSchemaVersion = 1;

class Object {
public:
    Object& value(const std::string& key, const Json& value);
    // {"shape": [..], "values": nested lists in C order (a number for shape [])}
    Object& array(const std::string& key, const results::Array& a);
    // [{"shape", "values"}, …]: a list of arrays (e.g. one per head)
    Object& arrays(const std::string& key, const std::vector<results::Array>& list);
    Object& object(const std::string& key, const Object& nested);
    // [nested, …]
    Object& objects(const std::string& key, const std::vector<Object>& items);
    // The same, each item's text freed once it is copied, the body reserved once (with room for
    // document()'s head): a list of large rows (multihead --with-outputs) is held once, not twice.
    Object& objects(const std::string& key, std::vector<Object>&& items);

private:
    friend std::string document(const results::Invocation& invocation, Object&& data);
    void key(const std::string& k);
    void write_array(const std::string& k, const results::Array& a);   // the value only
    std::string body_;
};

Json shape(const results::Shape& s);

// {"schema_version", "attn_version", "command", "options": {flag: value, …}, "data": data},
// one line and a newline. Takes the data's text without copying it.
std::string document(const results::Invocation& invocation, Object&& data);

}  // namespace attn::render::json

#pragma once
// Pieces every JSON renderer shares (docs/output.md, docs/schema/attn-output.schema.json):
// the document around a report's data, and arrays as {"shape", "values"} with the values nested
// by the shape. Only src/render/json/*.cpp include this header (nlohmann/json is heavy).
#include <string>

#include <nlohmann/json.hpp>

#include "report/array.hpp"
#include "report/invocation.hpp"

namespace attn::render::json {

using Json = nlohmann::ordered_json;   // keys in the order written

// Bumped when a key changes meaning or disappears; adding keys does not bump it.
inline constexpr int kSchemaVersion = 1;

// {"shape": [..], "values": nested lists (a number for shape [])}; every double is written as
// the shortest text that reads back as the same double.
Json array(const report::Array& a);
Json shape(const report::Shape& s);

// {"schema_version", "attn_version", "command", "options": {flag: value, …}, "data": data},
// one line and a newline.
std::string document(const report::Invocation& invocation, Json data);

}  // namespace attn::render::json

#pragma once
// Text that goes into report files: valid UTF-8 only (invalid bytes become U+FFFD), and escaped
// for XML, JSON or a Markdown table cell. Shared by the report writers in this folder.
#include <string>

namespace attn::homework {

std::string valid_utf8(const std::string& text);
// XML 1.0 character data and attribute values: & < > " ' escaped; control characters other than
// tab and newline (not allowed in XML 1.0) become U+FFFD.
std::string xml_escape(const std::string& text);
// The inside of a JSON string: " \ and control characters escaped.
std::string json_escape(const std::string& text);
// A GitHub Markdown table cell, shown as the literal text: every ASCII punctuation character is
// backslash-escaped (so no emphasis, link, image, code span, HTML or table cell can start in an
// answer), control characters and newlines become spaces.
std::string markdown_cell(const std::string& text);

}  // namespace attn::homework

#include "render/svg/svg_writer.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "render/svg/layout.hpp"
#include "text/utf8.hpp"

namespace attn::render::svg {
namespace {

const char* const kReplacement = "\xef\xbf\xbd";   // U+FFFD

// Element and attribute names are the writer's own constants; a bad one is a bug.
void check_name(const std::string& name) {
    if (name.empty()) throw std::invalid_argument("svg: empty name");
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        c == '-' || c == '_' || c == ':';
        if (!ok) throw std::invalid_argument("svg: bad name " + name);
    }
}

// The length of the well-formed UTF-8 sequence at s[i] that XML allows (U+FFFE and U+FFFF are
// not XML characters), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const text::CodePoint p = text::decode(s, i);
    return p.value == 0xFFFE || p.value == 0xFFFF ? 0 : p.length;
}

}  // namespace

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        switch (c) {
            case '&': out += "&amp;"; ++i; continue;
            case '<': out += "&lt;"; ++i; continue;
            case '>': out += "&gt;"; ++i; continue;
            case '"': out += "&quot;"; ++i; continue;
            case '\'': out += "&apos;"; ++i; continue;
            default: break;
        }
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            out += kReplacement;
            ++i;
            continue;
        }
        const std::size_t len = utf8_length(text, i);
        if (len == 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

std::string number(double v) {
    if (!std::isfinite(v)) throw std::invalid_argument("svg: a coordinate is not finite");
    std::string s = fmt::format("{:.2f}", v);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

Writer::Writer(double width, double height) : width_(width), height_(height) {}

std::string Writer::start_tag(const std::string& name, const Attributes& attributes) const {
    check_name(name);
    std::string tag = std::string(2 * (open_.size() + 1), ' ') + "<" + name;
    for (const auto& [key, value] : attributes) {
        check_name(key);
        if (key == "font-family" && value.find(',') != std::string::npos) {
            // A font list, for renderers that take one (rsvg, browsers: the style wins over the
            // attribute), then its first family alone, for ImageMagick's own renderer, which
            // reads both in order and takes a list as one unknown name (and then draws no text).
            tag += " style=\"font-family: " + escape(value) + "\" font-family=\"" +
                   escape(value.substr(0, value.find(','))) + "\"";
            continue;
        }
        tag += " " + key + "=\"" + escape(value) + "\"";
    }
    return tag;
}

void Writer::empty(const std::string& name, const Attributes& attributes) {
    body_ += start_tag(name, attributes) + "/>\n";
}

void Writer::with_text(const std::string& name, const Attributes& attributes, std::string_view text) {
    body_ += start_tag(name, attributes) + ">" + escape(text) + "</" + name + ">\n";
}

void Writer::label(const Attributes& attributes, std::string_view text) {
    Attributes given = attributes;
    // Text is filled, never stroked: said on every label, since ImageMagick's own SVG renderer
    // carries the stroke of the shape before (a heatmap cell's white outline) on to the text.
    bool stroke = false;
    for (const auto& attribute : attributes) stroke = stroke || attribute.first == "stroke";
    if (!stroke) given.push_back({"stroke", "none"});
    // Chinese text names its CJK fonts itself: ImageMagick's renderer has no per-character
    // fallback, so the family it is given must hold the characters (kCjkFontFamily).
    bool wide = false;
    for (std::size_t i = 0; i < text.size() && !wide;) {
        const text::CodePoint d = text::decode(text, i);
        wide = d.length > 0 && d.value >= 0x2E80 && d.value <= 0xFFEF;
        i += d.length > 0 ? d.length : 1;
    }
    if (wide) given.push_back({"font-family", kCjkFontFamily});
    with_text("text", given, text);
}

void Writer::open(const std::string& name, const Attributes& attributes) {
    body_ += start_tag(name, attributes) + ">\n";
    open_.push_back(name);
}

void Writer::close() {
    if (open_.empty()) throw std::logic_error("svg: close() without open()");
    const std::string name = open_.back();
    open_.pop_back();
    body_ += std::string(2 * (open_.size() + 1), ' ') + "</" + name + ">\n";
}

std::string Writer::finish() const {
    if (!open_.empty()) throw std::logic_error("svg: <" + open_.back() + "> is still open");
    const std::string w = number(width_), h = number(height_);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
           "\" viewBox=\"0 0 " + w + " " + h + "\">\n" + body_ + "</svg>\n";
}

}  // namespace attn::render::svg

#pragma once
// A small SVG writer: elements with escaped attributes and text, numbers in one fixed format, no
// timestamps or ids from memory addresses, so the same picture is the same bytes on every machine.
// Debian has no C++ SVG library worth its weight for a few rectangles, lines and labels.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::render::svg {

// Text for XML content and attribute values: & < > " ' escaped; characters XML 1.0 forbids (C0
// controls other than tab, newline and carriage return) and invalid UTF-8 bytes become U+FFFD.
std::string escape(std::string_view text);

// A coordinate or length: at most 2 decimals, trailing zeros dropped ("12.5", "3", "-0.25");
// -0 is written "0". Non-finite values throw std::invalid_argument (a bug, not input).
std::string number(double v);

using Attributes = std::vector<std::pair<std::string, std::string>>;

class Writer {
public:
    Writer(double width, double height);
    // Every element: a font-family attribute holding a list ("A, B, sans-serif") is written as a
    // style with the list (rsvg, browsers) and then the attribute with its first family alone
    // (ImageMagick's own renderer reads both in order and takes a list for one unknown name).
    // <name a="v" …/>
    void empty(const std::string& name, const Attributes& attributes);
    // <name a="v" …>text</name>
    void with_text(const std::string& name, const Attributes& attributes, std::string_view text);
    // A picture's <text>: stroke="none" unless a stroke is given (ImageMagick's renderer would
    // stroke it with the outline of the shape before), and, when it holds Chinese, the CJK font
    // list (layout.hpp's kCjkFontFamily).
    void label(const Attributes& attributes, std::string_view text);
    // <name a="v" …> … </name>, nested; close() ends the innermost open element.
    void open(const std::string& name, const Attributes& attributes);
    void close();
    // The document: XML declaration, <svg> with the size and viewBox, the elements, </svg>.
    // Throws std::logic_error when an element is still open.
    std::string finish() const;

private:
    std::string start_tag(const std::string& name, const Attributes& attributes) const;
    double width_, height_;
    std::string body_;
    std::vector<std::string> open_;
};

}  // namespace attn::render::svg

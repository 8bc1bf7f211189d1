#pragma once
// Python's int() and float() of a str, the grammar the reference scripts' argparse types read
// their flags with (docs/spec/python-text.md §8). As CPython 3.11 does it: the text is first
// made ASCII (each Unicode whitespace character becomes a space, each Unicode decimal digit its
// ASCII digit, any other non-ASCII character makes the text invalid), then read as ASCII:
// surrounding " \t\n\v\f\r", a sign, digits with single underscores between them (PEP 515).
// Plain data: no messages here (the CLI words the refusal).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace attn::python {

// int()'s limit on the digits of a decimal text (sys.get_int_max_str_digits(), Python 3.11's
// default): more are refused, leading zeros counted, underscores not.
inline constexpr std::size_t kPythonIntMaxStrDigits = 4300;

// The value of a Unicode decimal digit (Numeric_Type=Decimal: '7', '٣', '５', '𝟕'), or -1.
int python_decimal_value(char32_t cp);

// The text int() and float() read after _PyUnicode_TransformDecimalAndSpaceToASCII: nullopt when
// `text` is not well-formed UTF-8 or holds a non-ASCII character that is neither whitespace
// nor a decimal digit.
std::optional<std::string> python_number_ascii(std::string_view text);

struct PythonInt {
    bool negative = false;
    std::string digits;   // ASCII 0-9, underscores removed, leading zeros kept; never empty
};

// int(text) with base 10, grammar only: nullopt when int() would refuse the spelling. The
// digit limit (kPythonIntMaxStrDigits) is left to the caller, who words that refusal.
std::optional<PythonInt> python_int(std::string_view text);

// float(text): decimals with an optional exponent, "inf", "infinity" and "nan" in any case,
// each with an optional sign; nullopt when float() would refuse it. Correctly rounded (as
// Python's dtoa); overflow gives ±inf and underflow 0, as float() does.
std::optional<double> python_float(std::string_view text);

}  // namespace attn::python

#pragma once
// muParser (Debian's libmuparser) through its C interface (muParserDLL.h), for the expression
// answers of src/homework/grade/expression.cpp.
//
// Why the C interface: muParser reports an error there as a value (mupError, its message and
// position), so no muParser exception crosses into attn, and the WebAssembly build, which has no
// muParser, puts its own refusal behind this same class (src/wasm/muparser_unavailable.cpp).
#include <string>

namespace attn::homework {

// A muParser error, as muParser reports it: its message and the 0-based byte position in the
// expression.
struct MuParserError {
    std::string message;
    int position = 0;
};

// One mu::Parser (its built-in functions and constants included, as with `mu::Parser`), with
// double variables bound by address. Throws attn::IoError when no parser can be made,
// MuParserError for an expression muParser refuses.
class MuParser {
  public:
    MuParser();
    ~MuParser();
    MuParser(const MuParser&) = delete;
    MuParser& operator=(const MuParser&) = delete;

    void define_var(const char* name, double* where);
    void set_expr(const std::string& text);
    double eval();            // throws MuParserError
    int num_results();        // results of the last expression ("1, 2" has 2); throws MuParserError

  private:
    void* handle_;
    void check();             // throws the pending error, if any
};

}  // namespace attn::homework

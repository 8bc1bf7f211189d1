#pragma once
// muParser (Debian's libmuparser) through its C interface (muParserDLL.h), for the expression
// answers of src/homework/grade/expression.cpp.
//
// Why the C interface: in the default build attn does not link libmuparser at all (it would load
// libmuparser, libgomp and the shared libstdc++ into every run, experiments included: see
// docs/performance.md, "Start-up of the default build"); the library is opened with dlopen the
// first time an expression is read, and only plain C values (a handle, char*, double) cross
// between it and attn, so attn's own statically linked libstdc++ and the library's shared one
// never exchange an object or an exception. Builds that link muParser (the static release, the
// sanitizer and fuzz builds: ATTN_MUPARSER_LINKED) call the same functions directly.
#include <string>

namespace attn::homework {

// A muParser error, as muParser reports it: its message and the 0-based byte position in the
// expression.
struct MuParserError {
    std::string message;
    int position = 0;
};

// One mu::Parser (its built-in functions and constants included, as with `mu::Parser`), with
// double variables bound by address. Throws attn::IoError when the library cannot be opened,
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

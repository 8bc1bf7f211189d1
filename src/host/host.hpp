#pragma once
// What differs between attn for Linux and attn in the browser, behind one interface that the rest
// of attn calls (docs/architecture.md, "The host"). Implemented once for Linux
// (src/host/linux.cpp with Debian's libcrypto and libcsv, src/host/muparser.cpp with its muParser) and once for WebAssembly
// (src/wasm/host.cpp); the build's source lists choose which (CMakeLists.txt, cmake/wasm.cmake),
// never an #ifdef. What the browser build lacks:
//   - the course secret: its HMAC-SHA256 is the host's (Node's crypto, the browser's WebCrypto),
//     with the empty key only: keyed variants and grading stay on the teacher's machine;
//   - class grading (a roster read with libcsv, threads, a folder of reports);
//   - muParser (expression answers): MuParser below, refused in the browser.
// Includes nothing of the project but errors.hpp.
#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::host {

using Digest = std::array<unsigned char, 32>;

// HMAC-SHA256(key, message) (RFC 2104 over FIPS 180-4), from the host's cryptography library: the
// keyed hash that turns a course secret and a student ID into that student's variant. No
// cryptography is written in attn. The browser build refuses a non-empty key (UsageError naming
// --variant): a course secret is never hashed in the module.
Digest hmac_sha256(std::string_view key, std::string_view message);

// Class grading (`homework --grade-class`): returns where the build grades classes, throws a
// UsageError naming --grade-class where it does not (the browser), before anything is read.
void require_class_grading();

// The number of cores this process may run on (--jobs' default): 1 where there are no threads.
unsigned available_cores();

// One record of a CSV text: the physical line it starts on (1-based) and its fields.
struct CsvRecord {
    std::size_t line = 0;
    std::vector<std::string> fields;
};
// The records of `text`, strict RFC 4180, each handed to `take` as it ends (no second copy of the
// text is held). Text that is not CSV: `refuse(line, what)`, which throws ("not valid CSV: ...").
using CsvRefusal = std::function<void(std::size_t line, const std::string& what)>;
void csv_records(std::string_view text, const std::function<void(CsvRecord&)>& take, const CsvRefusal& refuse);
// `field` as one CSV field: in double quotes, each quote doubled (RFC 4180).
std::string csv_quoted(std::string_view field);

// A muParser error, as muParser reports it: its message and the 0-based byte position in the
// expression.
struct MuParserError {
    std::string message;
    int position = 0;
};

// One mu::Parser (its built-in functions and constants included, as with `mu::Parser`), with
// double variables bound by address, for the expression answers of
// src/homework/grade/expression.cpp. Throws attn::IoError when there is no muParser (a build
// without the library: the browser's), MuParserError for an expression muParser refuses.
//
// Through muParser's C interface (muParserDLL.h), linked as Debian ships it: muParser reports an
// error there as a value (mupError, its message and position), so no muParser exception crosses
// into attn.
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

}  // namespace attn::host

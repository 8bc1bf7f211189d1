// attn for Linux's side of the host interface (host/host.hpp): OpenSSL's libcrypto for the keyed
// hash, libcsv for CSV, the CPU affinity mask for the cores. The browser's side is
// src/wasm/host.cpp.
#include "host/host.hpp"

#include <csv.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sched.h>

#include <exception>
#include <memory>
#include <new>
#include <stdexcept>

namespace attn::host {

Digest hmac_sha256(std::string_view key, std::string_view message) {
    Digest out{};
    unsigned int length = 0;
    // An empty key is a valid HMAC key (RFC 2104 pads it with zeros); OpenSSL wants a non-null pointer.
    static const unsigned char kNoKey = 0;
    const void* key_bytes = key.empty() ? static_cast<const void*>(&kNoKey) : static_cast<const void*>(key.data());
    const unsigned char* ok = HMAC(EVP_sha256(), key_bytes, static_cast<int>(key.size()),
                                   reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                                   out.data(), &length);
    if (!ok || length != out.size()) throw std::runtime_error("HMAC-SHA256 failed in libcrypto");
    return out;
}

void require_class_grading() {}

unsigned available_cores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
    return 1;
}

namespace {

// libcsv calls back per field and per row; each row goes to `take` as it ends, with the line it
// started on.
struct Collector {
    const std::function<void(CsvRecord&)>* take = nullptr;
    CsvRecord current;
    bool in_record = false;
    std::size_t line = 0;        // the physical line being fed
    std::size_t record_start = 0;
    std::exception_ptr failure;  // thrown by `take`: kept until libcsv has returned
};

void on_field(void* data, std::size_t size, void* self) {
    auto& c = *static_cast<Collector*>(self);
    if (!c.in_record) {
        c.in_record = true;
        c.current.line = c.record_start;
    }
    c.current.fields.emplace_back(static_cast<const char*>(data), size);
}

void on_row(int, void* self) {
    auto& c = *static_cast<Collector*>(self);
    if (!c.in_record) c.current.line = c.record_start;
    if (!c.failure) {
        try {
            (*c.take)(c.current);
        } catch (...) {
            c.failure = std::current_exception();
        }
    }
    c.current = CsvRecord{};
    c.in_record = false;
}

[[noreturn]] void refused(const CsvRefusal& refuse, std::size_t line, const std::string& what) {
    refuse(line, what);
    throw std::logic_error("csv_records: the refusal returned");
}

}  // namespace

void csv_records(std::string_view text, const std::function<void(CsvRecord&)>& take, const CsvRefusal& refuse) {
    struct csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0) throw std::bad_alloc();
    const std::unique_ptr<struct csv_parser, void (*)(struct csv_parser*)> owner(&parser, csv_free);
    Collector c;
    c.take = &take;
    // Fed a physical line at a time, so that each row knows the line it starts on (a quoted field
    // may hold newlines: then the row goes on over the next lines).
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t nl = text.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
        ++c.line;
        if (!c.in_record) c.record_start = c.line;
        const std::string_view chunk = text.substr(start, end - start);
        const std::size_t parsed = csv_parse(&parser, chunk.data(), chunk.size(), on_field, on_row, &c);
        if (c.failure) std::rethrow_exception(c.failure);
        if (parsed != chunk.size()) {
            refused(refuse, c.line, std::string("not valid CSV: ") + csv_strerror(csv_error(&parser)) +
                                        " (a quote inside an unquoted field, or text after a closing quote?)");
        }
        start = end;
    }
    const int finished = csv_fini(&parser, on_field, on_row, &c);
    if (c.failure) std::rethrow_exception(c.failure);
    if (finished != 0) refused(refuse, c.record_start, "not valid CSV: a quoted field is not closed");
}

std::string csv_quoted(std::string_view field) {
    std::string out(csv_write2(nullptr, 0, field.data(), field.size(), '"'), '\0');
    csv_write2(out.data(), out.size(), field.data(), field.size(), '"');
    return out;
}

}  // namespace attn::host

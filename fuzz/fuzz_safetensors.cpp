// libFuzzer target: the readers of GPT-2's untrusted files on arbitrary bytes. A first byte 'v'
// reads the rest as a vocab.json (up to the first NUL) + merges.txt (after it); anything else reads
// the whole input as a safetensors file's start (the header length, the JSON header, the offsets,
// checked against the input's size). Every input is read or refused with one IoError line; any
// other exception, a crash, a read past the input or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "errors.hpp"
#include "gpt2/safetensors.hpp"
#include "gpt2/tokenizer/tokenizer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    try {
        if (!in.empty() && in.front() == 'v') {
            const std::string_view rest = in.substr(1);
            const std::size_t nul = rest.find('\0');
            const std::string vocab(rest.substr(0, nul));
            const std::string merges(nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1));
            const attn::gpt2::Tokenizer t = attn::gpt2::Tokenizer::from_texts(vocab, merges, "vocab.json");
            const std::vector<int> ids = t.encode("The best thing about Bath is 床前 123 <|endoftext|>'s");
            (void)t.decode(ids, true);
        } else {
            const std::string copy(in);   // exactly `size` bytes: ASan sees a read past them
            (void)attn::gpt2::parse_safetensors_header(copy, copy.size(), "model.safetensors");
        }
    } catch (const attn::IoError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos) std::abort();
    }
    return 0;
}

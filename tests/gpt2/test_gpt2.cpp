// Unit tests of src/gpt2: the safetensors header's refusals (one line, IoError, never a read past
// the file), UTF-8 decoding with replacement as Python's, the pre-tokenising pattern, NumPy's
// argsort tie order, np.random.randint and choice on the legacy generator, the decoders'
// float32 rules, and which tensors Model::load takes for weights.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <doctest/doctest.h>
#include <string>

#include "errors.hpp"
#include "gpt2/decoders.hpp"
#include "gpt2/model.hpp"
#include "gpt2/safetensors.hpp"
#include "gpt2/tokenizer/pretokenize.hpp"
#include "gpt2/tokenizer/tokenizer.hpp"
#include "rng/legacy_randint.hpp"

using namespace attn;

namespace {

std::string file_with_header(const std::string& json, std::size_t data_bytes) {
    std::string out(8, '\0');
    const std::uint64_t n = json.size();
    for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xFF);
    return out + json + std::string(data_bytes, '\0');
}

std::string refusal(const std::string& bytes) {
    try {
        gpt2::parse_safetensors_header(bytes, bytes.size(), "m.safetensors");
    } catch (const IoError& e) {
        const std::string what = e.what();
        CHECK(what.find('\n') == std::string::npos);
        return what;
    }
    return "";
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("safetensors: a good header is read, with its metadata") {
    const std::string f = file_with_header(
        R"({"__metadata__":{"format":"pt"},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]},)"
        R"("a":{"dtype":"F16","shape":[2],"data_offsets":[0,4]}})", 12);
    const gpt2::SafetensorsHeader h = gpt2::parse_safetensors_header(f, f.size(), "m");
    REQUIRE(h.tensors.size() == 2);
    CHECK(h.tensors[0].name == "b");   // the header's order
    CHECK(h.tensors[1].dtype == "F16");
    CHECK(h.metadata.at("format") == "pt");
    CHECK(h.data_size == 12);
}

TEST_CASE("safetensors: every bad header is one line naming the file") {
    CHECK(has(refusal("abc"), "truncated: 3 bytes"));
    CHECK(has(refusal(file_with_header("{}", 0).substr(0, 9)), "an incomplete download: 9 bytes of the 10"));
    std::string huge = file_with_header("{}", 0);
    huge[5] = 1;   // 2^40 + 2
    CHECK(has(refusal(huge), "runs past the end"));
    CHECK(has(refusal(file_with_header("[1]", 0)), "does not start with '{'"));
    CHECK(has(refusal(file_with_header("{\"a\":", 0)), "not a UTF-8 JSON object"));
    CHECK(has(refusal(file_with_header("{\"a\xff\":1}", 0)), "invalid UTF-8"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", 4)),
              "appears twice"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1]}})", 4)), "lacks dtype"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"Q4","shape":[1],"data_offsets":[0,4]}})", 4)), "unknown to safetensors"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", 4)), "not a list of sizes"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})", 4)), "bytes 0..8 of the data section"));
    // a tensor that ends past the data, the tensors otherwise whole: a download cut short
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4)),
              "an incomplete download: 66 bytes of the 70 its header promises"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4).substr(0, 20)),
              "an incomplete download: 20 bytes of the 62 its header promises"));
    // what `git clone` without Git LFS leaves in place of model.safetensors
    CHECK(has(refusal("version https://git-lfs.github.com/spec/v1\noid sha256:248dfc3911869ec493c76e65bf2fcf7f615828b0254c12b473182f0f81d3a707\nsize 548105171\n"),
              "a Git LFS pointer (134 bytes), not the weights (548105171 bytes): the repository was cloned without Git LFS; run `git lfs pull`"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,0]}})", 4)), "outside"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})", 4)), "needs 8"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,4294967296],"data_offsets":[0,4]}})", 4)),
              "needs more"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[2,6]}})", 8)),
              "overlaps"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", 8)), "belong to no tensor"));
    CHECK(has(refusal(file_with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", 8)), "last 4 bytes"));
    CHECK(has(refusal(file_with_header(R"({"__metadata__":{"a":1}})", 0)), "__metadata__"));
    // A name with an escaped newline (fuzz_safetensors' finding): shown as JSON spells it, on one line.
    CHECK(has(refusal(file_with_header(R"({"a\nb":{"dtype":"F32","shape":[1]}})", 4)), R"(tensor "a\nb" lacks dtype)"));
    CHECK(has(refusal(file_with_header(R"({"a\u0007":{"dtype":"F32","shape":[1],"data_offsets":[0,8]}})", 4)), R"("a\u0007")"));
}

TEST_CASE("utf8_replace: Python's errors='replace' (one U+FFFD per maximal subpart)") {
    CHECK(gpt2::utf8_replace("abc") == "abc");
    CHECK(gpt2::utf8_replace("\xE2\x82\xAC") == "\xE2\x82\xAC");
    CHECK(gpt2::utf8_replace("\xE2\x82" "A") == "\xEF\xBF\xBD" "A");           // b'\xe2\x82A'
    CHECK(gpt2::utf8_replace("\xF0\x80\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");   // F0 80: 80 not allowed
    CHECK(gpt2::utf8_replace("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");   // a surrogate
    CHECK(gpt2::utf8_replace("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(gpt2::utf8_replace("\xF0\x9F\x98") == "\xEF\xBF\xBD");   // a truncated emoji
}

TEST_CASE("bytes_to_unicode: a bijection of the 256 bytes") {
    CHECK(gpt2::byte_to_char(' ') == 0x120);   // "Ġ"
    CHECK(gpt2::byte_to_char('\n') == 0x10A);  // "Ċ"
    CHECK(gpt2::byte_to_char('A') == 'A');
    for (int b = 0; b < 256; ++b) CHECK(gpt2::char_to_byte(gpt2::byte_to_char(static_cast<unsigned char>(b))) == b);
}

TEST_CASE("pretokenize: GPT-2's pattern") {
    auto pieces = [](const std::u32string& s) {
        std::vector<std::u32string> out;
        for (const auto& p : gpt2::pretokenize(s)) out.push_back(s.substr(p.begin, p.end - p.begin));
        return out;
    };
    CHECK(pieces(U"The best thing") == std::vector<std::u32string>{U"The", U" best", U" thing"});
    CHECK(pieces(U"don't  stop\n\nNow") == std::vector<std::u32string>{U"don", U"'t", U" ", U" stop", U"\n", U"\n", U"Now"});
    CHECK(pieces(U"a   ") == std::vector<std::u32string>{U"a", U"   "});
    CHECK(pieces(U"x 123!!") == std::vector<std::u32string>{U"x", U" 123", U"!!"});
}

TEST_CASE("legacy randint: np.random.seed(1); randint(50257) five times") {
    rng::LegacyRandomState rs(1);
    for (long want : {33003L, 12172L, 5192L, 32511L, 50057L}) CHECK(rng::legacy_randint(rs, 50257) == want);
}

TEST_CASE("choice: NumPy's checks and cdf") {
    rng::LegacyRandomState rs(0);   // random_sample() = 0.5488135039273248
    CHECK(gpt2::choice(rs, {0.25f, 0.25f, 0.5f}) == 2);
    rs.seed_with(0);
    CHECK(gpt2::choice(rs, {0.6f, 0.4f}) == 0);
    CHECK_THROWS_WITH_AS(gpt2::choice(rs, {0.5f, 0.4f}), "ValueError: probabilities do not sum to 1", gpt2::NotebookRaise);
    CHECK_THROWS_WITH_AS(gpt2::choice(rs, {1.5f, -0.5f}), "ValueError: probabilities are not non-negative", gpt2::NotebookRaise);
}

TEST_CASE("numpy_argsort: NumPy 1.24's tie order (introsort, insertion sort below 16)") {
    // np.argsort(np.array([1, 0, 1, 0, 2]) * -1) == [4, 0, 2, 1, 3]
    CHECK(gpt2::numpy_argsort({-1, -0.0, -1, -0.0, -2}) == std::vector<std::size_t>{4, 0, 2, 1, 3});
    // 25 values, all equal: NumPy's quicksort partition moves them; np.argsort(np.zeros(25))[:8] == [0, 22, 21, 20, 19, 18, 17, 16]
    const std::vector<std::size_t> z = gpt2::numpy_argsort(std::vector<double>(25, 0.0));
    CHECK(std::vector<std::size_t>(z.begin(), z.begin() + 8) == std::vector<std::size_t>{0, 22, 21, 20, 19, 18, 17, 16});
}

TEST_CASE("decoders: top-k keeps ties at the k-th value; nucleus's index; k-th tokens in id order") {
    const std::vector<float> p = {0.1f, 0.3f, 0.3f, 0.2f, 0.1f};
    const gpt2::TopK t = gpt2::top_k(p, 1, false, true);   // k = 2
    CHECK(t.kept[0] == 0.0f);
    CHECK(t.kept[1] == 0.5f);
    CHECK(t.kept[2] == 0.5f);
    const std::vector<float> s = gpt2::sorted_values(p, true);
    CHECK(gpt2::nucleus_index(s, 0.2f) == 0);
    CHECK(gpt2::nucleus_index(s, 0.3f) == 1);   // cumsum 0.3 > 0.3 is false in float32
    CHECK(gpt2::nucleus_index(s, 5.0f) == 0);   // none: np.argmax of all False
    CHECK(gpt2::kth_tokens(p, 0) == std::vector<int>{1, 2});
    CHECK_THROWS_AS(gpt2::nucleus_keep(p, s, 4, 1), gpt2::NotebookRaise);
}

namespace {

// Model::load's answer for a safetensors file holding `header`'s tensors (zero bytes of data).
std::string load_refusal(const std::string& header, std::size_t data_bytes) {
    char path[] = "/tmp/attn-gpt2-test-XXXXXX";
    const int fd = ::mkstemp(path);
    REQUIRE(fd >= 0);
    const std::string bytes = file_with_header(header, data_bytes);
    REQUIRE(::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    ::close(fd);
    std::string what;
    try {
        std::string note;
        gpt2::Model::load(path, note);
    } catch (const IoError& e) {
        what = e.what();
    } catch (const UsageError& e) {
        what = e.what();
    }
    ::unlink(path);
    return what;
}

}  // namespace

TEST_CASE("a weight of GPT-2 stored as integers is refused by name; integer buffers are set aside") {
    // Every form of weight name (whole names and h.<layer>.<part>.<weight|bias>) is a weight.
    for (const char* name : {"wte.weight", "transformer.wpe.weight", "lm_head.weight", "ln_f.bias", "h.0.ln_1.weight",
                             "transformer.h.11.attn.c_attn.bias", "h.7.mlp.c_proj.weight", "h.123.ln_2.bias"}) {
        const std::string what =
            load_refusal(std::string(R"({")") + name + R"(":{"dtype":"I32","shape":[1],"data_offsets":[0,4]}})", 4);
        CHECK_MESSAGE(has(what, "has dtype I32; weights must be F32, F16, BF16 or F64"), name, ": ", what);
    }
    // Buffers and names that are no weight's (h.N.attn.bias, a layer without a number, a part
    // GPT-2 has not, a prefix or suffix) are set aside: the refusal is then about what is missing.
    for (const char* name : {"h.0.attn.bias", "h..ln_1.weight", "h.x.ln_1.weight", "h.0.ln_3.weight", "h.0.ln_1.weights",
                             "xwte.weight", "wte.weight.x", "h.0.attn.c_attn", "h.0"}) {
        const std::string what =
            load_refusal(std::string(R"({")") + name + R"(":{"dtype":"I64","shape":[1],"data_offsets":[0,8]}})", 8);
        CHECK_MESSAGE(!what.empty(), name);
        CHECK_MESSAGE(!has(what, "weights must be"), name, ": ", what);
    }
}

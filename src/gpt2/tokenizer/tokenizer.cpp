// GPT-2's byte-level BPE (tokenizer.hpp).
#include "gpt2/tokenizer/tokenizer.hpp"

#include <algorithm>
#include <climits>
#include <iterator>
#include <nlohmann/json.hpp>

#include "python/python_whitespace.hpp"
#include "errors.hpp"
#include "files/paths.hpp"
#include "files/read_whole.hpp"
#include "gpt2/tokenizer/pretokenize.hpp"
#include "text/utf8.hpp"

namespace attn::gpt2 {
namespace {

constexpr std::size_t kMaxVocabularyBytes = std::size_t{64} << 20;   // GPT-2's: 1.0 MB + 0.5 MB

std::string read_file(const std::string& path) {
    files::WholeFile f = files::read_whole(path, kMaxVocabularyBytes, /*allow_stdin=*/false);
    if (f.failure != files::WholeFile::Failure::none) throw IoError(f.message);
    return std::move(f.text);
}

bool python_space(char32_t cp) {
    for (const auto& r : python::python_unicode::kWhitespace)
        if (r.lo <= cp && cp <= r.hi) return true;
    return false;
}

std::u32string code_points(std::string_view s) {   // s: valid UTF-8
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const text::CodePoint c = text::decode(s, i);
        out.push_back(c.value);
        i += c.length;
    }
    return out;
}

// str.split(): runs of Python whitespace separate, no empty pieces.
std::vector<std::string> python_split(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    bool in_word = false;
    for (std::size_t i = 0; i < line.size();) {
        const text::CodePoint c = text::decode(line, i);
        if (python_space(c.value)) {
            if (in_word) out.push_back(cur), cur.clear();
            in_word = false;
        } else {
            cur.append(line.substr(i, c.length));
            in_word = true;
        }
        i += c.length;
    }
    if (in_word) out.push_back(cur);
    return out;
}

}  // namespace

char32_t byte_to_char(unsigned char b) {
    // bytes_to_unicode(): '!'..'~', '¡'..'¬', '®'..'ÿ' are themselves; the others, in byte order,
    // 256, 257, ...
    auto kept = [](unsigned x) { return (x >= 0x21 && x <= 0x7E) || (x >= 0xA1 && x <= 0xAC) || (x >= 0xAE && x <= 0xFF); };
    if (kept(b)) return b;
    unsigned n = 0;
    for (unsigned x = 0; x < b; ++x) n += !kept(x);
    return 256 + n;
}

int char_to_byte(char32_t cp) {
    static const std::vector<int> table = [] {
        std::vector<int> t(0x144, -1);
        for (unsigned b = 0; b < 256; ++b) t[byte_to_char(static_cast<unsigned char>(b))] = static_cast<int>(b);
        return t;
    }();
    return cp < table.size() ? table[cp] : -1;
}

std::string utf8_replace(std::string_view s) {
    std::string out;
    const auto u = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char b = u(i);
        if (b < 0x80) {
            out.push_back(static_cast<char>(b));
            ++i;
            continue;
        }
        // the sequence's length and the allowed range of its second byte (Unicode table 3-7)
        std::size_t need = 0;
        unsigned lo = 0x80, hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) need = 2;
        else if (b == 0xE0) need = 3, lo = 0xA0;
        else if (b == 0xED) need = 3, hi = 0x9F;
        else if (b >= 0xE1 && b <= 0xEF) need = 3;
        else if (b == 0xF0) need = 4, lo = 0x90;
        else if (b == 0xF4) need = 4, hi = 0x8F;
        else if (b >= 0xF1 && b <= 0xF3) need = 4;
        std::size_t len = 1;   // the maximal subpart
        if (need) {
            while (len < need && i + len < s.size()) {
                const unsigned c = u(i + len);
                const bool ok = len == 1 ? (c >= lo && c <= hi) : (c >= 0x80 && c <= 0xBF);
                if (!ok) break;
                ++len;
            }
        }
        if (need && len == need) out.append(s.substr(i, len));
        else out.append("\xEF\xBF\xBD");
        i += len;
    }
    return out;
}

Tokenizer Tokenizer::from_folder(const std::string& folder) {
    for (const auto& [vocab, merges] : {std::pair<const char*, const char*>{"vocab.json", "merges.txt"},
                                        std::pair<const char*, const char*>{"encoder.json", "vocab.bpe"}}) {
        const std::string v = folder + "/" + vocab, m = folder + "/" + merges;
        if (files::exists(v) && files::exists(m)) return from_texts(read_file(v), read_file(m), v);
    }
    throw UsageError("--vocab", folder + ": holds neither vocab.json + merges.txt nor encoder.json + vocab.bpe");
}

Tokenizer Tokenizer::from_texts(const std::string& vocab_json, const std::string& merges_text,
                                const std::string& vocab_name) {
    Tokenizer t;
    t.vocab_name_ = vocab_name;
    if (!text::is_valid(vocab_json) || !text::is_valid(merges_text))
        throw IoError(vocab_name + ": not a UTF-8 JSON vocabulary (invalid UTF-8)");
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(vocab_json);
    } catch (const nlohmann::json::exception& e) {
        throw IoError(vocab_name + ": not a UTF-8 JSON vocabulary (" + text::valid(e.what()) + ")");
    }
    const std::size_t n = j.is_object() ? j.size() : 0;
    const std::string must = vocab_name + ": must map " + std::to_string(n) + " token strings to the ids 0.." +
                             std::to_string(static_cast<long>(n) - 1);
    if (!j.is_object()) throw IoError(vocab_name + ": must map token strings to the ids 0..n-1 (not a JSON object)");
    t.tokens_.assign(n, std::string());
    std::vector<bool> seen(n, false);
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!it.value().is_number_integer()) throw IoError(must);
        const auto id = it.value().get<long long>();
        if (id < 0 || static_cast<unsigned long long>(id) >= n || seen[static_cast<std::size_t>(id)]) throw IoError(must);
        seen[static_cast<std::size_t>(id)] = true;
        t.tokens_[static_cast<std::size_t>(id)] = it.key();
        t.ids_.emplace(it.key(), static_cast<int>(id));
    }
    if (n > static_cast<std::size_t>(INT_MAX)) throw IoError(must);
    const auto eot = t.ids_.find(kEndOfText);
    if (eot == t.ids_.end()) throw IoError(vocab_name + ": has no " + kEndOfText);
    t.eot_ = eot->second;
    // as GPT2Tokenizer reads merges: universal newlines, split("\n")[1:-1], each line str.split()
    std::string merges;
    merges.reserve(merges_text.size());
    for (std::size_t i = 0; i < merges_text.size(); ++i) {
        if (merges_text[i] == '\r') {
            merges.push_back('\n');
            if (i + 1 < merges_text.size() && merges_text[i + 1] == '\n') ++i;
        } else {
            merges.push_back(merges_text[i]);
        }
    }
    std::vector<std::string_view> lines;
    for (std::size_t at = 0;;) {
        const std::size_t nl = merges.find('\n', at);
        if (nl == std::string::npos) {
            lines.push_back(std::string_view(merges).substr(at));
            break;
        }
        lines.push_back(std::string_view(merges).substr(at, nl - at));
        at = nl + 1;
    }
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
        std::vector<std::string> parts = python_split(lines[i]);
        if (parts.size() == 2) t.ranks_[{parts[0], parts[1]}] = static_cast<int>(i - 1);   // a repeated pair: the last rank
    }
    return t;
}

std::vector<std::string> Tokenizer::bpe(const std::string& chunk) const {
    if (auto hit = cache_.find(chunk); hit != cache_.end()) return hit->second;
    std::vector<std::string> word;
    for (std::size_t i = 0; i < chunk.size();) {
        const text::CodePoint c = text::decode(chunk, i);
        word.push_back(chunk.substr(i, c.length));
        i += c.length;
    }
    while (word.size() > 1) {
        int best = INT_MAX;
        const std::pair<std::string, std::string>* best_pair = nullptr;
        std::pair<std::string, std::string> probe;
        for (std::size_t i = 0; i + 1 < word.size(); ++i) {
            probe.first = word[i];
            probe.second = word[i + 1];
            const auto r = ranks_.find(probe);
            if (r != ranks_.end() && r->second < best) best = r->second, best_pair = &r->first;
        }
        if (!best_pair) break;
        std::vector<std::string> out;
        for (std::size_t i = 0; i < word.size();) {
            if (i + 1 < word.size() && word[i] == best_pair->first && word[i + 1] == best_pair->second) {
                out.push_back(word[i] + word[i + 1]);
                i += 2;
            } else {
                out.push_back(word[i]);
                ++i;
            }
        }
        word = std::move(out);
    }
    if (cache_.size() > 100000) cache_.clear();
    cache_.emplace(chunk, word);
    return word;
}

std::vector<int> Tokenizer::encode(std::string_view text) const {
    std::vector<int> ids;
    const std::string_view eot(kEndOfText);
    std::size_t at = 0;
    for (bool first = true;; first = false) {
        if (!first) ids.push_back(eot_);
        const std::size_t next = text.find(eot, at);
        const std::string_view piece = text.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at);
        const std::u32string cps = code_points(piece);
        for (const Piece& p : pretokenize(cps)) {
            std::string mapped;
            for (std::size_t k = p.begin; k < p.end; ++k)
                for (unsigned char b : text::encode(cps[k])) mapped += text::encode(byte_to_char(b));
            for (const std::string& symbol : bpe(mapped)) {
                const auto id = ids_.find(symbol);
                if (id == ids_.end())
                    throw VocabularyKeyError(vocab_name_ + ": the merges make a token the vocabulary lacks (" +
                                                 text::valid(symbol) + ")", symbol);
                ids.push_back(id->second);
            }
        }
        if (next == std::string_view::npos) break;
        at = next + eot.size();
    }
    return ids;
}

std::string Tokenizer::decode(const std::vector<int>& ids, bool legacy) const {
    std::string bytes;
    for (int id : ids) {
        if (id == eot_) continue;
        const std::string& tok = tokens_.at(static_cast<std::size_t>(id));
        for (std::size_t i = 0; i < tok.size();) {
            const text::CodePoint c = text::decode(tok, i);
            const int b = char_to_byte(c.value);
            if (b < 0)
                throw VocabularyKeyError(vocab_name_ + ": token " + std::to_string(id) +
                                             " has a character outside GPT-2's byte alphabet",
                                         tok.substr(i, c.length));
            bytes.push_back(static_cast<char>(b));
            i += c.length;
        }
    }
    std::string text = utf8_replace(bytes);
    if (legacy) {   // clean_up_tokenization_spaces=True, in transformers' order
        static const std::pair<const char*, const char*> kCleanUp[] = {
            {" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"}, {" n't", "n't"},
            {" 'm", "'m"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
        for (const auto& [from, to] : kCleanUp) {
            std::string out;
            const std::string_view f(from);
            std::size_t at = 0;
            for (std::size_t hit; (hit = text.find(f, at)) != std::string::npos; at = hit + f.size())
                out.append(text, at, hit - at).append(to);
            out.append(text, at, std::string::npos);
            text = std::move(out);
        }
    }
    return text;
}

std::string Tokenizer::decode_single(int id, bool legacy) const {
    if (id == eot_) return legacy ? kEndOfText : "";
    return decode({id}, legacy);
}

}  // namespace attn::gpt2

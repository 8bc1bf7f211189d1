#pragma once
// The languages of the text renderers. zh-TW is the chapter's own wording (the default, byte for
// byte); en uses the terms of the English original, Understanding Deep Learning chapter 12
// (queries, keys, values, scaled dot-product self-attention, positional encoding, causal
// masking). Each renderer keeps its wording in a table per language; numbers are printed by the
// same NumPy/Python printing code in every language, so they are equal.
namespace attn::render {

enum class Lang { zh_TW, en };

// The tag as written on the command line and in JSON: "zh-TW", "en".
inline const char* lang_tag(Lang lang) { return lang == Lang::en ? "en" : "zh-TW"; }

}  // namespace attn::render

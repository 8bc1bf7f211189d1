#include "homework/sheet/sheet_text.hpp"

#include <fmt/format.h>

#include "homework/io/cells.hpp"
#include "homework/sheet/book_sheet_text.hpp"

namespace attn::homework {

namespace {

std::string vec(const std::array<long, 2>& v) { return fmt::format("({},{})", v[0], v[1]); }

// The problem statements of section 04 as the sheet's comments, per language: the chapter's and the
// English, line for line (the same numbers in the same lines), as templates with named arguments.
// One code path (header(), question()) fills them for every language.
struct Words {
    const char* section;    // the chapter's section 04, by name
    const char* list_sep;   // between the numbers of problem 2's column
    const char* header1;    // {k1} {k2} {k3} {q}
    const char* header2;    // {seed} {column} {weights} {next}
    const char* header3;    // {d}
    // questions[problem - 1][part]: (a)…(d), none for (d) of problems 1 and 2; 1(c) takes {q_c}
    // {scale}, 3(c) {n_short} {n_long}.
    const char* questions[3][4];
};

const Words kChapter{
    "作業和解答",
    "、",
    "# 作業一：手算一組發言權，並看它怎麼被分數的尺度扭曲\n"
    "# 會議桌上有三位與會者，鍵向量分別是 k1={k1}、k2={k2}、k3={k3}，維度 Dq = 2。\n"
    "# 現在第二位提出一支查詢 q={q}。\n",
    "# 作業二：為什麼遮罩一定要在 softmax 之前\n"
    "# 第三節那個未遮罩的注意力矩陣（attn attention --seed {seed}），第 {column} 欄的完整精度為\n"
    "# {weights}。現在要對它加上「只准看自己與前面」的遮罩，也就是第 {next} 項以後不該存在。\n",
    "# 作業三：參數量與計算量，哪一個怕長句子\n"
    "# 沿用第五節那段程式的口徑：一層多頭自注意力有 H 個頭，總維度 D，每個頭維度 D/H，\n"
    "# 序列長度 N。忽略偏置。（c）取 D = {d}。\n",
    {{"# （a）算出三個未縮放的內積分數，再算出除以 √Dq 之後的分數與對應的三個 α_m2。\n",
      "# （b）如果不做縮放，直接對原始分數取 softmax，三個權重各是多少？\n",
      "# （c）把查詢改成 q={q_c}（方向不變、長度變 {scale} 倍），不做縮放時三個權重各是多少？\n"
      "#      再算第二位權重的 α(1−α)：（a）的與（c）的。\n",
      nullptr},
     {"# （a）「先算完 softmax，再把後面幾項直接設成 0」，剩下幾項加起來是多少？\n",
      "# （b）「先算完 softmax，把後面幾項設成 0，再把剩下幾項重新歸一化」，算出權重。\n",
      "# （c）（b）的答案和第六節遮罩矩陣（attn mask）的同一欄是否相同？\n",
      nullptr},
     {"# （a）寫出投影與混合的總參數量，並代入 D。\n",
      "# （b）寫出總乘法次數的表達式（含投影、打分、加權、混合四項）。\n",
      "# （c）算出 N = {n_short} 與 N = {n_long} 時的總乘法次數，以及後者是前者的幾倍。\n",
      "# （d）在什麼樣的 N 之下，平方那一項會第一次超過線性那些項？用 D 表示，並代入 D。\n"}},
};

const Words kEnglish{
    "(homework and solutions)",
    ", ",
    "# Homework 1: attention weights by hand, and how the scale of the scores distorts them\n"
    "# Three attendees sit at a meeting table, with keys k1={k1}, k2={k2}, k3={k3} of dimension Dq = 2.\n"
    "# Now the second attendee raises a query, q={q}.\n",
    "# Homework 2: why the mask must come before the softmax\n"
    "# In the unmasked attention matrix of section 3 (attn attention --seed {seed}), column {column} is, at full precision,\n"
    "# {weights}. Now add the causal mask (each position sees only itself and earlier ones): from entry {next} on, nothing may remain.\n",
    "# Homework 3: parameters or computation, which one fears long sequences?\n"
    "# Count as the program of section 5 does: one layer of multi-head self-attention with H heads,\n"
    "# total dimension D, D/H per head, sequence length N. Ignore biases. In (c), take D = {d}.\n",
    {{"# (a) Compute the three unscaled dot-product scores, then the scores divided by √Dq and the three weights α_m2 they give.\n",
      "# (b) Without scaling, taking the softmax of the raw scores directly, what are the three weights?\n",
      "# (c) Change the query to q={q_c} (the same direction, {scale} times as long): without scaling, what are the three weights?\n"
      "#     Then compute α(1−α) of the second weight: in (a) and in (c).\n",
      nullptr},
     {"# (a) \"Finish the softmax, then set the later entries to 0\": what do the remaining entries add up to?\n",
      "# (b) \"Finish the softmax, set the later entries to 0, then renormalise the rest\": compute the weights.\n",
      "# (c) Is your answer to (b) the same as that column of the masked matrix of section 6 (attn mask)?\n",
      nullptr},
     {"# (a) Write down the total number of parameters of the projections and the mixing, and evaluate it at D.\n",
      "# (b) Write down an expression for the total number of multiplications (four parts: projections, scoring, weighting, mixing).\n",
      "# (c) Compute the total number of multiplications at N = {n_short} and at N = {n_long}, and how many times larger the second is.\n",
      "# (d) Beyond which N do the quadratic terms first exceed the linear ones? Express it in D, and evaluate it at D.\n"}},
};

std::string header(int problem, const Solutions& s, const Words& w) {
    using fmt::arg;
    if (problem == 1) {
        const auto& p = s.p1.params;
        return fmt::format(fmt::runtime(w.header1), arg("k1", vec(p.keys[0])), arg("k2", vec(p.keys[1])),
                           arg("k3", vec(p.keys[2])), arg("q", vec(p.query)));
    }
    if (problem == 2) {
        const auto& p = s.p2;
        std::string column;
        for (std::size_t i = 0; i < p.column_weights.size(); ++i) column += fmt::format("{}{:.6f}", i ? w.list_sep : "", p.column_weights[i]);
        return fmt::format(fmt::runtime(w.header2), arg("seed", p.params.seed), arg("column", p.params.column),
                           arg("weights", column), arg("next", p.params.column + 1));
    }
    return fmt::format(fmt::runtime(w.header3), arg("d", s.p3.params.d));
}

std::string question(int problem, const std::string& part, const Solutions& s, const Words& w) {
    using fmt::arg;
    // The key's parts are (a)…(c) for problems 1 and 2, (a)…(d) for 3; anything else reads as the last.
    const std::size_t index = part.size() == 1 && part[0] >= 'a' && part[0] <= 'd' ? static_cast<std::size_t>(part[0] - 'a') : 3;
    const char* const* parts = w.questions[problem - 1];
    const char* text = parts[index] ? parts[index] : parts[2];
    return fmt::format(fmt::runtime(text), arg("q_c", vec(s.p1.query_c)), arg("scale", s.p1.params.scale),
                       arg("n_short", s.p3.params.n_short), arg("n_long", s.p3.params.n_long));
}

// The book's problem as the command line names it ("12.4 ", "book "); "" for the chapter's.
std::string book_selection(int problem) {
    if (problem == kBookAll) return "book ";
    return is_book_problem(problem) ? book_number(problem) + " " : "";
}

// The course file's [tolerance] for `item` on its comment line: its digits in the shape (as
// grade() asks them) and "this course's precision", or the bound an answer must lie within.
std::string item_comment(const Item& item, const ToleranceRules& tolerance) {
    const Tolerance* t = most_specific_rule(tolerance, item.key());
    const Item judged = with_tolerance(item, tolerance);
    std::string out = "  # " + shape_text(judged) + ": " + item.asks;
    if (!t || item.kind == ItemKind::boolean || item.kind == ItemKind::expression) return out;
    if (t->digits > 0) {
        if (item.precision.kind != Precision::Kind::exact) out += " (this course's precision)";
        return out;
    }
    std::string bound = t->atol > 0 ? fmt::format("{}", t->atol) : "";
    if (t->rtol > 0) bound += (bound.empty() ? "" : " + ") + fmt::format("{} x |exact|", t->rtol);
    return out + " (this course accepts any answer within " + bound + " of the exact value)";
}

std::string sheet(const Solutions& s, const AnswerKey& key, int problem, bool filled, render::Lang lang,
                  const ToleranceRules& tolerance) {
    const Words& w = lang == render::Lang::en ? kEnglish : kChapter;
    std::string out;
    out += std::string(filled ? "# attn homework: the answer key, chapter 12 (Transformers), section 04 "
                              : "# attn homework: answer sheet, chapter 12 (Transformers), section 04 ") +
           (is_book_problem(problem) || problem == kBookAll ? std::string("(the book's problems, p. 239)") : std::string(w.section)) + "\n";
    out += "# student: " + valid_utf8(key.variant.label()) + " (" + key.variant.origin() + ")\n#\n";
    if (filled) {
        out += "# Every value is computed by attn's core and shown at the precision asked for.\n"
               "# Grade a sheet with: attn homework " + book_selection(problem) + "--grade FILE";
        out += key.variant.is_chapter() ? "\n" : " --variant " + valid_utf8(key.variant.id);
        // Keyed numbers grade only with the same secret: without it the public numbers grade the sheet.
        if (key.variant.keyed) out += " and the course secret (--secret-file or $ATTN_COURSE_SECRET)";
        if (!key.variant.is_chapter()) out += "\n";
    } else {
        out += "# Fill in: remove the \"# \" in front of each answer line and write your answer.\n"
               "# Numbers may carry more or fewer digits: an answer is right when it is within one unit of\n"
               "# the last asked place of what correct work from the figures printed here gives (to 4\n"
               "# decimal places, 0.0966 and 0.0967 are both right for 0.09664; 0.0968 is not): each printed\n"
               "# or asked figure carried at least at its places, every other one (sqrt 2, e, an exponential,\n"
               "# a sum) at 4 decimal places or 4 significant figures or more, in any correct order; an\n"
               "# array's numbers from one computation. Integers and true/false must be exact.\n"
               "# Expressions are strings in D, N, H with + - * / ^ and parentheses, e.g. \"4*D^2\" (4D^2, D**2 and D² work too).\n"
               "# Numbers: 0.0966, -0.5, 3.06e-7; also read: − for -, 3.06×10^-7 and 3.06×10⁻⁷, U+3001 between\n"
               "# a list's numbers. U+3002 is no decimal point. Save this file as UTF-8.\n";
        if (!tolerance.empty()) {
            out += "# This course (its course file) grades some keys by its own [tolerance] instead: their\n"
                   "# lines below say \"this course's precision\" or the bound an answer must lie within.\n";
        }
        if (key.variant.keyed) {
            // Only the teacher's run (with the course secret) grades keyed numbers; a self-check
            // without it grades against the public numbers and says wrong things.
            out += "# Your teacher grades this sheet with the course secret. A check without the secret\n"
                   "# grades it against other (public) numbers: it cannot tell you your score.\n";
        } else {
            out += "# Check it with: attn homework " + book_selection(problem) + "--grade FILE";
            out += key.variant.is_chapter() ? "\n" : " --variant " + valid_utf8(key.variant.id) + "\n";
        }
    }

    int current_problem = 0;
    std::string current_table;
    for (const Item& item : key.items) {
        if (!problem_selected(problem, item.problem)) continue;
        if (item.problem != current_problem) {
            current_problem = item.problem;
            out += "\n" + (is_book_problem(item.problem) ? book_sheet_header(s.book, item.problem, lang)
                                                         : header(item.problem, s, w));
        }
        if (item.table() != current_table) {
            current_table = item.table();
            out += "\n[" + current_table + "]\n" +
                   (is_book_problem(item.problem) ? book_sheet_question(s.book, item.problem, item.part, lang)
                                                  : question(item.problem, item.part, s, w));
        }
        const std::string comment = item_comment(item, filled ? ToleranceRules{} : tolerance);
        if (filled) {
            // Issue 43, point 6: a teacher sees which answers anyone's key gives away.
            const char* shared = item.shareable ? " (the same for every student: anyone's key gives it)" : "";
            out += item.name + " = " + expected_text(item) + comment + shared + "\n";
        } else {
            out += "# " + item.name + " = " + comment + "\n";
        }
    }
    return out;
}

}  // namespace

std::string toml_string(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (ch == '"') out += "\\\"";
        else if (ch == '\\') out += "\\\\";
        else if (c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04X}", c);
        else out += ch;
    }
    return out + "\"";
}

std::string template_sheet(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang) {
    return sheet(solutions, key, problem, false, lang, {});
}

std::string course_template_sheet(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang,
                                  const ToleranceRules& tolerance) {
    return sheet(solutions, key, problem, false, lang, tolerance);
}

std::string key_sheet(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang) {
    return sheet(solutions, key, problem, true, lang, {});
}

}  // namespace attn::homework

#include "homework/sheet_text.hpp"

#include <fmt/format.h>

#include "homework/reports/escape.hpp"

namespace attn::homework {

namespace {

std::string vec(const std::array<long, 2>& v) { return fmt::format("({},{})", v[0], v[1]); }

// The problem statements of section 04, as comments, with this variant's numbers.
std::string problem_header(int problem, const Solutions& s) {
    if (problem == 1) {
        const auto& p = s.p1.params;
        return fmt::format(
            "# 作業一：手算一組發言權，並看它怎麼被分數的尺度扭曲\n"
            "# 會議桌上有三位與會者，鍵向量分別是 k1={}、k2={}、k3={}，維度 Dq = 2。\n"
            "# 現在第二位提出一支查詢 q={}。\n",
            vec(p.keys[0]), vec(p.keys[1]), vec(p.keys[2]), vec(p.query));
    }
    if (problem == 2) {
        const auto& p = s.p2;
        std::string column;
        for (std::size_t i = 0; i < p.column_weights.size(); ++i) column += fmt::format("{}{:.6f}", i ? "、" : "", p.column_weights[i]);
        return fmt::format(
            "# 作業二：為什麼遮罩一定要在 softmax 之前\n"
            "# 第三節那個未遮罩的注意力矩陣（attn attention --seed {}），第 {} 欄的完整精度為\n"
            "# {}。現在要對它加上「只准看自己與前面」的遮罩，也就是第 {} 項以後不該存在。\n",
            p.params.seed, p.params.column, column, p.params.column + 1);
    }
    const auto& p = s.p3.params;
    return fmt::format(
        "# 作業三：參數量與計算量，哪一個怕長句子\n"
        "# 沿用第五節那段程式的口徑：一層多頭自注意力有 H 個頭，總維度 D，每個頭維度 D/H，\n"
        "# 序列長度 N。忽略偏置。（c）取 D = {}。\n",
        p.d);
}

std::string part_question(int problem, const std::string& part, const Solutions& s) {
    if (problem == 1) {
        if (part == "a") return "# （a）算出三個未縮放的內積分數，再算出除以 √Dq 之後的分數與對應的三個 α_m2。\n";
        if (part == "b") return "# （b）如果不做縮放，直接對原始分數取 softmax，三個權重各是多少？\n";
        return fmt::format(
            "# （c）把查詢改成 q={}（方向不變、長度變 {} 倍），不做縮放時三個權重各是多少？\n"
            "#      再算第二位權重的 α(1−α)：（a）的與（c）的。\n",
            vec(s.p1.query_c), s.p1.params.scale);
    }
    if (problem == 2) {
        if (part == "a") return "# （a）「先算完 softmax，再把後面幾項直接設成 0」，剩下幾項加起來是多少？\n";
        if (part == "b") return "# （b）「先算完 softmax，把後面幾項設成 0，再把剩下幾項重新歸一化」，算出權重。\n";
        return "# （c）（b）的答案和第六節遮罩矩陣（attn mask）的同一欄是否相同？\n";
    }
    const auto& p = s.p3.params;
    if (part == "a") return "# （a）寫出投影與混合的總參數量，並代入 D。\n";
    if (part == "b") return "# （b）寫出總乘法次數的表達式（含投影、打分、加權、混合四項）。\n";
    if (part == "c") return fmt::format("# （c）算出 N = {} 與 N = {} 時的總乘法次數，以及後者是前者的幾倍。\n", p.n_short, p.n_long);
    return "# （d）在什麼樣的 N 之下，平方那一項會第一次超過線性那些項？用 D 表示，並代入 D。\n";
}

std::string sheet(const Solutions& s, const AnswerKey& key, int problem, bool filled) {
    std::string out;
    out += filled ? "# attn homework: the answer key, chapter 12 (Transformers), section 04 作業和解答\n"
                  : "# attn homework: answer sheet, chapter 12 (Transformers), section 04 作業和解答\n";
    out += "# student: " + valid_utf8(key.variant.label()) + " (" + key.variant.origin() + ")\n#\n";
    if (filled) {
        out += "# Every value is computed by attn's core and shown at the precision asked for.\n"
               "# Grade a sheet with: attn homework --grade FILE";
        out += key.variant.is_chapter() ? "\n" : " --variant " + valid_utf8(key.variant.id) + "\n";
    } else {
        out += "# Fill in: remove the \"# \" in front of each answer line and write your answer.\n"
               "# Numbers may carry more or fewer digits: an answer is right when it is within one unit of\n"
               "# the last asked place of the exact value (to 4 decimal places, 0.0966 and 0.0967 are both\n"
               "# right for 0.09664; 0.0968 is not). Integers and true/false must be exact. Expressions are\n"
               "# strings in D, N, H with + - * / ^ and parentheses, e.g. \"4*D^2\" (4D^2, D**2 and D² work too).\n";
        out += "# Check it with: attn homework --grade FILE";
        out += key.variant.is_chapter() ? "\n" : " --variant " + valid_utf8(key.variant.id) + "\n";
    }

    int current_problem = 0;
    std::string current_table;
    for (const Item& item : key.items) {
        if (problem != 0 && item.problem != problem) continue;
        if (item.problem != current_problem) {
            current_problem = item.problem;
            out += "\n" + problem_header(item.problem, s);
        }
        if (item.table() != current_table) {
            current_table = item.table();
            out += "\n[" + current_table + "]\n" + part_question(item.problem, item.part, s);
        }
        const std::string comment = "  # " + shape_text(item) + ": " + item.asks;
        if (filled) {
            out += item.name + " = " + expected_text(item) + comment + "\n";
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

std::string template_sheet(const Solutions& solutions, const AnswerKey& key, int problem) {
    return sheet(solutions, key, problem, false);
}

std::string key_sheet(const Solutions& solutions, const AnswerKey& key, int problem) {
    return sheet(solutions, key, problem, true);
}

}  // namespace attn::homework
